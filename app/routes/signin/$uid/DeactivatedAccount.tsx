import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import type { DeactivationNotice } from "~/users/reactivation";

export const REACTIVATION_INTENT = "requestReactivation";

/**
 * Issue #39 §5: a deactivated user who gave the right password learns why they cannot sign in, and
 * asks the administrators of their locations to activate them again — once per deactivation.
 */
export function DeactivatedAccount({ notice, justSent }: { notice: DeactivationNotice; justSent: boolean }) {
  const { t } = useTranslation();
  const { date } = useDateFormats();
  const navigation = useNavigation();
  const on = notice.deactivatedAt ? date.format(new Date(notice.deactivatedAt)) : null;
  const why = on
    ? t(notice.forInactivity ? "auth.deactivatedForInactivity" : "auth.deactivatedOn", { on })
    : t("auth.inactive");
  return (
    <div className="page page--narrow signin">
      <h1>{t("auth.deactivatedTitle")}</h1>
      <p className="notice" data-testid="deactivated-why">
        {why}
      </p>
      {notice.requestedAt ? (
        <p className="notice notice--success" role="status" data-testid="reactivation-requested">
          {t(justSent ? "auth.reactivationSent" : "auth.reactivationPending", {
            on: date.format(new Date(notice.requestedAt)),
          })}
        </p>
      ) : (
        <Form method="post" reloadDocument>
          <p>{t("auth.reactivationIntro")}</p>
          <input type="hidden" name="intent" value={REACTIVATION_INTENT} />
          <button type="submit" className="button button--wide" disabled={navigation.state === "submitting"}>
            {t("auth.requestReactivation")}
          </button>
        </Form>
      )}
    </div>
  );
}
