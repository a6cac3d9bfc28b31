import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/translate/react";
import { Field } from "~/ui/Field";
import { Form } from "~/ui/Form";
import { exemptionSchema } from "../dormancy";
import { DeactivatesIn } from "./DeactivatesIn";

interface Dormancy {
  deactivatesIn: number | null;
  exemptUntil: string | null;
  exemptReason: string | null;
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
  /** A refused exemption post's result: what was typed, and what to fix. */
  form?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation();
  // A calendar day: named as it is, whatever the viewer's time zone.
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${value}T00:00:00Z`),
    );
  if (!canChange && dormancy.deactivatesIn === null && !dormancy.exemptUntil) return null;
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
        canChange && <ExemptionForm result={form} />
      )}
    </section>
  );
}

/** Exempt until a day after today (within a year), with a reason: a bad value keeps what was typed and says what to fix. */
function ExemptionForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "exemption",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: exemptionSchema(new Date()) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="dormancy__form">
      <p>{t("dormancy.exemptIntro")}</p>
      <Field field={fields.until} label={t("dormancy.exemptUntil")} kind="date" required />
      <Field field={fields.reason} label={t("dormancy.exemptReason")} required />
      <button type="submit" name="intent" value="exempt" className="button">
        {t("dormancy.exemptSave")}
      </button>
    </Form>
  );
}
