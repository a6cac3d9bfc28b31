import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mediumDateTime } from "~/i18n/date-format";
import { ConfirmModal } from "~/admin/ModalParts";
import { SessionsTable, useDeviceText } from "~/account/SessionsTable";
import { withSearchParam } from "~/shell/search-params";
import type { ActiveSession } from "~/account/account-security.server";

/** Where the user is signed in: each session with its device and times; sign out one, or all others after a confirmation. */
export function SessionsSection({ sessions }: { sessions: readonly ActiveSession[] }) {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const when = mediumDateTime(i18n.language);
  const others = sessions.filter((s) => !s.current);
  const confirmingAll = new URLSearchParams(location.search).get("confirm") === "others";
  const deviceText = useDeviceText();
  return (
    <>
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("accountSecurity.sessions")}</h2>
        <SessionsTable
          sessions={sessions}
          rowTestId="session"
          action={(session) =>
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
            )
          }
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
