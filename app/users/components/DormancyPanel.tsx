import { useTranslation } from "~/translate/react";
import { FieldError } from "~/ui/FieldError";
import { Form } from "~/ui/Form";
import { MAX_TEXT_LENGTH } from "~/limits";

interface Dormancy {
  deactivatesIn: number | null;
  exemptUntil: string | null;
  exemptReason: string | null;
}

/** What a failed exemption post gives back: the values typed and the message key per field. */
export interface ExemptionForm {
  values: { until: string; reason: string };
  errors: Partial<Record<"until" | "reason", string>>;
}

/**
 * Issue #39 §4 on a user's page: when auto-deactivation comes (from the first warning on), the
 * exemption in force, and — for an administrator who may change the user's status — the form that
 * exempts them until a day with a reason, or ends the exemption.
 */
export function DormancyPanel({
  dormancy,
  canChange,
  form,
}: {
  dormancy: Dormancy;
  canChange: boolean;
  form?: ExemptionForm;
}) {
  const { t, i18n } = useTranslation();
  // A calendar day: named as it is, whatever the viewer's time zone.
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${value}T00:00:00Z`),
    );
  if (!canChange && dormancy.deactivatesIn === null && !dormancy.exemptUntil) return null;
  const errors = form?.errors ?? {};
  return (
    <section aria-labelledby="dormancy-title" className="dormancy">
      <h2 id="dormancy-title">{t("dormancy.exemptTitle")}</h2>
      {dormancy.deactivatesIn !== null && (
        <p className="notice notice--warning" data-testid="deactivates-in">
          <DeactivatesIn days={dormancy.deactivatesIn} />
        </p>
      )}
      {dormancy.exemptUntil ? (
        <>
          <p className="notice" data-testid="exempt-now">
            {t("dormancy.exemptNow", { date: day(dormancy.exemptUntil), reason: dormancy.exemptReason ?? "" })}
          </p>
          {canChange && (
            <Form method="post">
              <button type="submit" name="intent" value="endExemption" className="button button--secondary">
                {t("dormancy.exemptEnd")}
              </button>
            </Form>
          )}
        </>
      ) : (
        canChange && (
          <Form method="post" className="dormancy__form">
            <p>{t("dormancy.exemptIntro")}</p>
            <div className="field">
              <label htmlFor="exempt-until">{t("dormancy.exemptUntil")}</label>
              <input
                id="exempt-until"
                name="until"
                type="date"
                required
                defaultValue={form?.values.until}
                aria-invalid={errors.until ? true : undefined}
                aria-describedby={errors.until ? "exempt-until-error" : undefined}
              />
              <FieldError id="exempt-until-error" errors={errors.until ? [errors.until] : undefined} />
            </div>
            <div className="field">
              <label htmlFor="exempt-reason">{t("dormancy.exemptReason")}</label>
              <input
                id="exempt-reason"
                name="reason"
                type="text"
                required
                maxLength={MAX_TEXT_LENGTH}
                defaultValue={form?.values.reason}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? "exempt-reason-error" : undefined}
              />
              <FieldError id="exempt-reason-error" errors={errors.reason ? [errors.reason] : undefined} />
            </div>
            <button type="submit" name="intent" value="exempt" className="button">
              {t("dormancy.exemptSave")}
            </button>
          </Form>
        )
      )}
    </section>
  );
}

/** "Deactivates in N days" (or today): the users list and a user's page say it alike. */
export function DeactivatesIn({ days }: { days: number }) {
  const { t } = useTranslation();
  return <>{days === 0 ? t("dormancy.deactivatesToday") : t("dormancy.deactivatesIn", { count: days })}</>;
}
