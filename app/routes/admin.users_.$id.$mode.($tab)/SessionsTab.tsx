import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mediumDateTime } from "~/i18n/date-format";
import { ConfirmModal } from "~/admin/ModalParts";
import { Table } from "~/admin/DataTable";
import { withSearchParam } from "~/shell/search-params";
import type { ActiveSession } from "~/account/account-security.server";

/** The user's open sessions (device, signed in, last seen) and, with admin:users:write, "End all sessions" after a confirmation. */
export function SessionsTab(props: { sessions: readonly ActiveSession[]; name: string; canEnd: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const when = mediumDateTime(i18n.language);
  const confirming = new URLSearchParams(location.search).get("confirm") === "endSessions";
  const close = withSearchParam(location, "confirm", null);
  const deviceText = (device: ActiveSession["device"]) =>
    device.browser && device.system
      ? t("accountSecurity.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t("accountSecurity.unknownDevice"));
  if (props.sessions.length === 0) return <p className="empty-state">{t("adminUsers.noSessions")}</p>;
  return (
    <>
      <Table
        rows={props.sessions}
        rowKey={(session) => session.handle}
        columns={[
          { key: "device", label: t("accountSecurity.device"), render: (session) => deviceText(session.device) },
          {
            key: "signedIn",
            label: t("accountSecurity.signedIn"),
            render: (session) => when.format(new Date(session.signedInAt)),
          },
          {
            key: "lastSeen",
            label: t("accountSecurity.lastSeen"),
            render: (session) => (session.lastSeenAt ? when.format(new Date(session.lastSeenAt)) : "—"),
          },
        ]}
      />
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
