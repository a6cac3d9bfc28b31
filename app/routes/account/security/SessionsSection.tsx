import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { ConfirmAction } from "~/ui/ConfirmAction";
import { SessionsTable, useDeviceText } from "~/account/SessionsTable";
import type { ActiveSession } from "~/account/account-security.server";

/** Where the user is signed in: each session with its device and times; sign out one, or all others after a confirmation. */
export function SessionsSection({ sessions }: { sessions: readonly ActiveSession[] }) {
  const { t } = useTranslation();
  const when = useDateFormats().dateTime;
  const others = sessions.filter((s) => !s.current);
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
          <ConfirmAction
            which="others"
            label={t("accountSecurity.signOutOthers")}
            title={t("accountSecurity.signOutOthers")}
            text={t("accountSecurity.signOutOthersText", { count: others.length })}
            intent="endOtherSessions"
            danger
          />
        ) : (
          <p className="empty-state">{t("accountSecurity.noOtherSessions")}</p>
        )}
      </section>
    </>
  );
}
