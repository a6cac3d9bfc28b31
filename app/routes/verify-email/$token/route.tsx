import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { db } from "~/db/client.server";
import { titleMeta } from "~/shell/page-title";
import { NewPasswordFields } from "~/account/NewPasswordFields";
import { FormErrors } from "~/ui/EditorDialogs";
import { ownFields, readFormData } from "~/security/form-body.server";
import { setPasswordSchema } from "~/users/verification";
import { completeVerification, verificationLink } from "~/users/verification.server";

export const meta = titleMeta("verifyEmail.title");

const HIDDEN = ["password", "confirmPassword"];

/**
 * The new user's verification page (issue #14 §3): with a valid link they verify their e-mail and
 * choose a password; a lapsed or unknown link says what to do instead. No sign-in needed.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await verificationLink(db(), params.token ?? "");
  if (link.state !== "valid" || !link.user) return data({ state: link.state, user: null }, { status: 410 });
  return { state: link.state, user: link.user };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const link = await verificationLink(db(), token);
  const formData = await readFormData(request);
  if (link.state !== "valid" || !link.user) return data({ state: link.state, result: undefined }, { status: 410 });
  const schema = setPasswordSchema(link.user);
  const submission = parseWithZod(ownFields(formData, schema), { schema });
  if (submission.status !== "success") {
    return data(
      { state: link.state, result: submission.reply({ formErrors: ["validations.formError"], hideFields: HIDDEN }) },
      { status: 400 },
    );
  }
  const outcome = await completeVerification(db(), token, submission.value.password);
  if (outcome.kind !== "verified") return data({ state: outcome.kind, result: undefined }, { status: 410 });
  return redirect("/verify-email/done");
}

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const state = actionData?.state ?? loaded.state;
  if (state !== "valid" || !loaded.user) {
    return (
      <div className="page page--narrow">
        <h1>{t(state === "lapsed" ? "verifyEmail.lapsedTitle" : "verifyEmail.invalidTitle")}</h1>
        <p>{t(state === "lapsed" ? "verifyEmail.lapsed" : "verifyEmail.invalid")}</p>
        <p>
          <Link to="/">{t("verifyEmail.signIn")}</Link>
        </p>
      </div>
    );
  }
  return <SetPasswordForm user={loaded.user} result={actionData?.result} />;
}

function SetPasswordForm({
  user,
  result,
}: {
  user: { firstName: string; lastName: string; email: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema(user) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page page--narrow">
      <h1>{t("verifyEmail.title")}</h1>
      <p>{t("verifyEmail.intro", { name: `${user.firstName} ${user.lastName}`, email: user.email })}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="editor">
        <FormErrors id={form.errorId} errors={form.errors} show={Boolean(form.errors?.length)} text={(key) => t(key)} />
        {/* Lets password managers save the new password under the right account. */}
        <input type="hidden" name="username" value={user.email} autoComplete="username" />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} ns="verifyEmail" />
        <div className="editor__actions">
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("verifyEmail.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
