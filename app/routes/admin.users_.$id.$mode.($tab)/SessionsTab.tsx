import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "~/admin/ModalParts";
import { SessionsTable } from "~/account/SessionsTable";
import { withSearchParam } from "~/shell/search-params";
import type { ActiveSession } from "~/account/account-security.server";

/** The user's open sessions (device, signed in, last seen) and, with admin:users:write, "End all sessions" after a confirmation. */
export function SessionsTab(props: { sessions: readonly ActiveSession[]; name: string; canEnd: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const confirming = new URLSearchParams(location.search).get("confirm") === "endSessions";
  const close = withSearchParam(location, "confirm", null);
  if (props.sessions.length === 0) return <p className="empty-state">{t("adminUsers.noSessions")}</p>;
  return (
    <>
      <SessionsTable sessions={props.sessions} />
      {props.canEnd && (
        <p>
          <Link
            to={withSearchParam(location, "confirm", "endSessions")}
            className="button button--danger"
            preventScrollReset
          >
            {t("adminUsers.endSessions")}
          </Link>
        </p>
      )}
      {confirming && props.canEnd && (
        <ConfirmModal
          title={t("adminUsers.endSessionsTitle")}
          titleId="end-sessions-title"
          closeTo={close}
          closeLabel={t("common.close")}
          text={t("adminUsers.endSessionsText", { name: props.name })}
          cancelLabel={t("common.cancel")}
          confirm={{
            label: t("adminUsers.endSessions"),
            action: close,
            fields: { intent: "endSessions" },
            danger: true,
          }}
        />
      )}
    </>
  );
}
