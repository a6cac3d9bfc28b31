import { useTranslation } from "~/translate/react";

/**
 * "Deactivates in N days" (or today): the users list and a user's page say it alike. Its own module,
 * so the users list shows it without the exemption form's code (the list's JavaScript budget).
 */
export function DeactivatesIn({ days }: { days: number }) {
  const { t } = useTranslation();
  return <>{days === 0 ? t("dormancy.deactivatesToday") : t("dormancy.deactivatesIn", { count: days })}</>;
}
