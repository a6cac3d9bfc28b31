import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/admin/ConfirmAction";
import { SessionsTable } from "~/account/SessionsTable";
import type { ActiveSession } from "~/account/account-security.server";

/** The user's open sessions (device, signed in, last seen) and, with admin:users:write, "End all sessions" after a confirmation. */
export function SessionsTab(props: { sessions: readonly ActiveSession[]; name: string; canEnd: boolean }) {
  const { t } = useTranslation();
  if (props.sessions.length === 0) return <p className="empty-state">{t("adminUsers.noSessions")}</p>;
  return (
    <>
      <SessionsTable sessions={props.sessions} />
      {props.canEnd && (
        <ConfirmAction
          which="endSessions"
          label={t("adminUsers.endSessions")}
          title={t("adminUsers.endSessionsTitle")}
          text={t("adminUsers.endSessionsText", { name: props.name })}
          intent="endSessions"
          danger
        />
      )}
    </>
  );
}
