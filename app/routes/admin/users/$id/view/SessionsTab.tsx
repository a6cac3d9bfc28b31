import { useTranslation } from "~/translate/react";
import { ConfirmAction } from "~/ui/ConfirmAction";
import { SessionsTable } from "~/account/SessionsTable";
import type { ActiveSession } from "~/account/account-security.server";

/**
 * The user's open sessions (device, signed in, last seen) and, with admin:users:write, "End all
 * sessions" after a confirmation; on one's own account only why not (issue #30).
 */
export function SessionsTab(props: {
  sessions: readonly ActiveSession[];
  name: string;
  canEnd: boolean;
  self: boolean;
}) {
  const { t } = useTranslation();
  if (props.sessions.length === 0) return <p className="empty-state">{t("adminUsers.noSessions")}</p>;
  return (
    <>
      <SessionsTable sessions={props.sessions} />
      {props.self && props.canEnd && <p className="notice">{t("adminUsers.endSessionsSelf")}</p>}
      {props.canEnd && !props.self && (
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
