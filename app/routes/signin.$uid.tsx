import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { completeSignIn, interactionState } from "~/auth/interaction.server";
import { checkCredentials } from "~/account/credentials.server";
import { db } from "~/db/client.server";
import { signInSchema } from "~/auth/sign-in-schema";
import { MAX_TEXT_LENGTH } from "~/limits";
import { titleMeta } from "~/shell/page-title";
import { FieldError } from "~/admin/FieldError";
import { SignInFailed } from "~/shell/components/SignInFailed";
import { logoOf } from "~/theme/theme";
import { useTheme } from "~/shell/use-shell";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("auth.signInTitle");

/** The embedded identity provider's sign-in page (issue #2 §2): ours, themed and translated. */
export async function loader({ context }: LoaderFunctionArgs) {
  const state = await interactionState(context.req, context.res);
  if (state.kind === "redirect") throw redirect(state.to);
  return { expired: state.kind === "expired" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }) };
  }
  const check = await checkCredentials(db(), submission.value.email, submission.value.password);
  if (!check.ok) {
    const key = {
      locked: "auth.locked",
      inactive: "auth.inactive",
      unverified: "auth.unverified",
      invalid: "auth.invalid",
    }[check.reason];
    return { result: submission.reply({ formErrors: [key], hideFields: ["password"] }) };
  }
  const state = await completeSignIn(context.req, context.res, check.identityId);
  if (state.kind !== "redirect")
    return { result: submission.reply({ formErrors: ["auth.expired"], hideFields: ["password"] }) };
  throw redirect(state.to);
}

export default function SignIn() {
  const { expired } = useLoaderData<typeof loader>();
  const theme = useTheme();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (expired) return <SignInFailed messageKey="auth.expired" />;
  return (
    <div className="page page--narrow signin">
      <div className="signin__brand">
        <img src={logoOf(theme)} alt={t("brands.logo", { brand: t(`brands.${theme}`) })} width={120} height={40} />
      </div>
      <h1>{t("auth.signInTitle")}</h1>
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
