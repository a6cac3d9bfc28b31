import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { toUsers } from "../routes";

export const ACTIVATE_FROM_LIST = "activate";

/**
 * Issue #39 §5 on the users list: a deactivated user asked to be active again; one click activates
 * them (for those who may), the rest read the entry.
 */
export function ReactivationRequest({
  user,
  canActivate,
}: {
  user: { id: number; firstName: string; lastName: string };
  canActivate: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="reactivation-request">
      <span className="badge badge--warning" data-testid="reactivation-requested">
        {t("adminUsers.reactivationRequested")}
      </span>
      {canActivate && (
        <Form method="post">
          <input type="hidden" name="intent" value={ACTIVATE_FROM_LIST} />
          <input type="hidden" name="id" value={user.id} />
          <button
            type="submit"
            className="button button--small"
            aria-label={t("adminUsers.activateNamed", { name: `${user.firstName} ${user.lastName}` })}
          >
            {t("adminUsers.activate")}
          </button>
        </Form>
      )}
    </span>
  );
}

/** Above the list: how many ask to be active again, and the filter that shows them. */
export function ReactivationRequestsNotice({ count, filtered }: { count: number; filtered: boolean }) {
  const { t } = useTranslation();
  if (count === 0 || filtered) return null;
  return (
    <p className="notice notice--warning" data-testid="reactivation-requests">
      {t("adminUsers.reactivationRequests", { count })}{" "}
      <Link to={toUsers({ deactivation: "reactivationRequested" })}>{t("adminUsers.showReactivationRequests")}</Link>
    </p>
  );
}
