import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess, type PortalUser } from "~/auth/user.server";
import { getSession } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { titleMeta } from "~/shell/page-title";
import { Field } from "~/ui/Field";
import { SessionsSection } from "./SessionsSection";
import { FormErrors } from "~/ui/EditorDialogs";
import { activeSessionsOf, changeOwnPassword, endOtherSessions } from "~/account/account-security.server";
import { changePasswordSchema, endSessionSchema } from "~/account/schema";
import { NewPasswordFields } from "~/account/NewPasswordFields";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("accountSecurity.title");

/** The account page belongs to the embedded identity provider; with an external one it lives there (issue #5 §2). */
async function requireAccountPageUser(request: Request): Promise<PortalUser> {
  const user = await requireRouteAccess(request);
  if (!getConfig().embeddedIdp) throw redirect(getConfig().ACCOUNT_SECURITY_URL);
  return user;
}

/** Only external users have a portal password; internal ones sign in with their company directory. */
const hasPortalPassword = (user: PortalUser) => user.userType === "external";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccountPageUser(request);
  const session = await getSession(request);
  const params = new URL(request.url).searchParams;
  return {
    names: [user.claims.name ?? ""],
    canChangePassword: hasPortalPassword(user),
    sessions: await activeSessionsOf(db(), user.identityId, session.id),
    changed: params.get("changed") === "1",
    ended: Number(params.get("ended") ?? "0") || 0,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccountPageUser(request);
  const session = await getSession(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "changePassword") {
    if (!hasPortalPassword(user)) throw new Response("Forbidden", { status: 403 });
    const submission = parseWithZod(formData, { schema: changePasswordSchema([user.claims.name]) });
    if (submission.status !== "success")
      return {
        result: submission.reply({
          formErrors: ["validations.formError"],
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        }),
      };
    const outcome = await changeOwnPassword(db(), user, submission.value.currentPassword, submission.value.newPassword);
    if (outcome.kind === "wrongCurrent") {
      return {
        result: submission.reply({
          fieldErrors: { currentPassword: ["accountSecurity.wrongCurrent"] },
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        }),
      };
    }
    if (outcome.kind === "locked") {
      return {
        result: submission.reply({
          formErrors: ["accountSecurity.locked"],
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        }),
      };
    }
    return redirect("/account/security?changed=1");
  }
  const submission = parseWithZod(formData, { schema: endSessionSchema });
  if (submission.status !== "success" || !session.id) return redirect("/account/security");
  const ended = await endOtherSessions(
    db(),
    user,
    session.id,
    submission.value.intent === "endOtherSessions" ? "all" : { handle: submission.value.handle },
  );
  return redirect(`/account/security?ended=${ended}`);
}

export default function AccountSecurity() {
  const { names, canChangePassword, sessions, changed, ended } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(names) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="page">
      <h1>{t("accountSecurity.title")}</h1>
      {changed && (
        <p className="notice" role="status">
          {t("accountSecurity.changed")}
        </p>
      )}
      {ended > 0 && (
        <p className="notice" role="status">
          {t("accountSecurity.ended", { count: ended })}
        </p>
      )}

      <section aria-labelledby="change-password-title">
        <h2 id="change-password-title">{t("accountSecurity.changePassword")}</h2>
        {canChangePassword ? (
          <Form method="post" {...getFormProps(form)} noValidate className="editor">
            <FormErrors
              id={form.errorId}
              errors={form.errors}
              show={Boolean(form.errors?.length)}
              text={(key) => t(key)}
            />
            <input type="hidden" name="intent" value="changePassword" />
            <Field
              field={fields.currentPassword}
              kind="password"
              autoComplete="current-password"
              label={t("accountSecurity.currentPassword")}
            />
            <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} ns="accountSecurity" />
            <div className="editor__actions">
              <button type="submit" className="button" disabled={navigation.state === "submitting"}>
                {t("accountSecurity.changePasswordButton")}
              </button>
            </div>
          </Form>
        ) : (
          <p>{t("accountSecurity.directoryPassword")}</p>
        )}
      </section>

      <SessionsSection sessions={sessions} />
    </div>
  );
}
