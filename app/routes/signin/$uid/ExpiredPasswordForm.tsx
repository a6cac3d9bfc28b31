import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { NewPasswordFields } from "~/account/NewPasswordFields";
import { FormErrors } from "~/ui/EditorDialogs";
import { setPasswordSchema } from "~/users/verification";

export const EXPIRED_PASSWORD_INTENT = "replaceExpiredPassword";

/** The expired password's replacement, asked between the sign-in and the portal (SPEC §4, §8). */
export function ExpiredPasswordForm({
  names,
  result,
}: {
  names: { firstName: string; lastName: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema(names) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page page--narrow signin">
      <h1>{t("auth.passwordExpiredTitle")}</h1>
      <p className="notice" role="status">
        {t("auth.passwordExpired")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate reloadDocument className="editor">
        <FormErrors id={form.errorId} errors={form.errors} show={Boolean(form.errors?.length)} text={(key) => t(key)} />
        <input type="hidden" name="intent" value={EXPIRED_PASSWORD_INTENT} />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} ns="accountSecurity" />
        <div className="editor__actions">
          <button type="submit" className="button button--wide" disabled={navigation.state === "submitting"}>
            {t("auth.passwordExpiredSubmit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
