import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { signInSchema } from "~/auth/sign-in-schema";
import type { SignInNotice } from "~/auth/session-timeout";
import { MAX_TEXT_LENGTH } from "~/limits";
import { FieldError } from "~/ui/FieldError";
import { logoOf } from "~/theme/theme";
import { useTheme } from "~/root/use-shell";

const NOTICE_KEYS: Record<SignInNotice, string> = {
  inactivity: "auth.inactivityNotice",
  sessionEnded: "auth.sessionEndedNotice",
  passwordExpired: "auth.passwordExpired",
};

/** E-mail and password, with why the user is here again when a time-out ended their session. */
export function SignInForm({
  notice,
  result,
}: {
  notice: SignInNotice | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const theme = useTheme();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page page--narrow signin">
      <div className="signin__brand">
        <img src={logoOf(theme)} alt={t("brands.logo", { brand: t(`brands.${theme}`) })} width={120} height={40} />
      </div>
      <h1>{t("auth.signInTitle")}</h1>
      {notice && (
        <p className="notice" role="status">
          {t(NOTICE_KEYS[notice])}
        </p>
      )}
      <p>{t("auth.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate reloadDocument>
        {form.errors && (
          <p id={form.errorId} className="form-error" role="alert">
            {t(form.errors[0], { n: MAX_TEXT_LENGTH })}
          </p>
        )}
        <div className="field">
          <label htmlFor={fields.email.id}>{t("auth.email")}</label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="username"
            maxLength={MAX_TEXT_LENGTH}
            key={fields.email.key}
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.password.id}>{t("auth.password")}</label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            key={fields.password.key}
          />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <button type="submit" className="button button--wide" disabled={navigation.state === "submitting"}>
          {t("auth.signIn")}
        </button>
      </Form>
    </div>
  );
}
