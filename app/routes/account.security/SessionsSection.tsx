import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mediumDateTime } from "~/i18n/date-format";
import { ConfirmModal } from "~/admin/ModalParts";
import { Table } from "~/admin/DataTable";
import { withSearchParam } from "~/shell/search-params";
import type { ActiveSession } from "~/account/account-security.server";

/** Where the user is signed in: each session with its device and times; sign out one, or all others after a confirmation. */
export function SessionsSection({ sessions }: { sessions: readonly ActiveSession[] }) {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const when = mediumDateTime(i18n.language);
  const others = sessions.filter((s) => !s.current);
  const confirmingAll = new URLSearchParams(location.search).get("confirm") === "others";
  const deviceText = (device: { browser: string | null; system: string | null }) =>
    device.browser && device.system
      ? t("accountSecurity.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t("accountSecurity.unknownDevice"));
  return (
    <>
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("accountSecurity.sessions")}</h2>
        <Table
          rows={sessions}
          rowKey={(session) => session.handle}
          rowTestId="session"
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
            {
              key: "actions",
              label: t("common.actions"),
              visuallyHidden: true,
              render: (session) =>
                session.current ? (
                  <strong>{t("accountSecurity.thisDevice")}</strong>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="endSession" />
                    <input type="hidden" name="handle" value={session.handle} />
                    <button
                      type="submit"
                      className="button button--small button--secondary"
                      aria-label={t("accountSecurity.signOutSessionOf", {
                        device: deviceText(session.device),
                        time: when.format(new Date(session.signedInAt)),
                      })}
                    >
                      {t("accountSecurity.signOutSession")}
                    </button>
                  </Form>
                ),
            },
          ]}
        />
        {others.length > 0 ? (
          <p>
            <Link
              to={withSearchParam(location, "confirm", "others")}
              className="button button--danger"
              preventScrollReset
            >
              {t("accountSecurity.signOutOthers")}
            </Link>
          </p>
        ) : (
          <p className="empty-state">{t("accountSecurity.noOtherSessions")}</p>
        )}
      </section>

      {confirmingAll && others.length > 0 && (
        <ConfirmModal
          title={t("accountSecurity.signOutOthers")}
          titleId="sign-out-others-title"
          closeTo={withSearchParam(location, "confirm", null)}
          closeLabel={t("common.close")}
          text={t("accountSecurity.signOutOthersText", { count: others.length })}
          cancelLabel={t("common.cancel")}
          confirm={{
            label: t("accountSecurity.signOutOthers"),
            action: "/account/security",
            fields: { intent: "endOtherSessions" },
            danger: true,
          }}
        />
      )}
    </>
  );
}
