import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRouteAccess, type PortalUser } from "~/auth/user.server";
import { getSession } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { mediumDateTime } from "~/i18n/date-format";
import { titleMeta } from "~/shell/page-title";
import { withSearchParam } from "~/shell/search-params";
import { FieldError } from "~/admin/FieldError";
import { FormErrors } from "~/admin/EditorDialogs";
import { Modal } from "~/admin/Modal";
import { activeSessionsOf, changeOwnPassword, endOtherSessions } from "~/account/account-security.server";
import { changePasswordSchema, endSessionSchema } from "~/account/schema";
import { PASSWORD_SPECIALS } from "~/validation/password-policy";
import { PASSWORD_MIN_LENGTH } from "~/limits";
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
    const outcome = await changeOwnPassword(
      db(),
      user.identityId,
      submission.value.currentPassword,
      submission.value.newPassword,
    );
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
    user.identityId,
    session.id,
    submission.value.intent === "endOtherSessions" ? "all" : { handle: submission.value.handle },
  );
  return redirect(`/account/security?ended=${ended}`);
}

export default function AccountSecurity() {
  const { names, canChangePassword, sessions, changed, ended } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(names) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const when = mediumDateTime(i18n.language);
  const others = sessions.filter((s) => !s.current);
  const confirmingAll = new URLSearchParams(location.search).get("confirm") === "others";
  const deviceText = (device: { browser: string | null; system: string | null }) =>
    device.browser && device.system
      ? t("accountSecurity.deviceOn", { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t("accountSecurity.unknownDevice"));

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
            <div className="field">
              <label htmlFor={fields.currentPassword.id}>{t("accountSecurity.currentPassword")}</label>
              <input
                {...getInputProps(fields.currentPassword, { type: "password" })}
                key={fields.currentPassword.key}
                autoComplete="current-password"
              />
              <FieldError id={fields.currentPassword.errorId} errors={fields.currentPassword.errors} />
            </div>
            <div className="field">
              <label htmlFor={fields.newPassword.id}>{t("accountSecurity.newPassword")}</label>
              <input
                {...getInputProps(fields.newPassword, { type: "password" })}
                key={fields.newPassword.key}
                autoComplete="new-password"
                aria-describedby={`${fields.newPassword.id}-help ${fields.newPassword.errors?.length ? fields.newPassword.errorId : ""}`.trim()}
              />
              <p id={`${fields.newPassword.id}-help`} className="field__help">
                {t("accountSecurity.policy", { min: PASSWORD_MIN_LENGTH, specials: PASSWORD_SPECIALS })}
              </p>
              <FieldError
                id={fields.newPassword.errorId}
                errors={fields.newPassword.errors}
                values={{ n: PASSWORD_MIN_LENGTH }}
              />
            </div>
            <div className="field">
              <label htmlFor={fields.confirmPassword.id}>{t("accountSecurity.confirmPassword")}</label>
              <input
                {...getInputProps(fields.confirmPassword, { type: "password" })}
                key={fields.confirmPassword.key}
                autoComplete="new-password"
              />
              <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
            </div>
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

      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("accountSecurity.sessions")}</h2>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("accountSecurity.device")}</th>
                <th scope="col">{t("accountSecurity.signedIn")}</th>
                <th scope="col">{t("accountSecurity.lastSeen")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("common.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.handle} data-testid="session">
                  <td>{deviceText(s.device)}</td>
                  <td>{when.format(new Date(s.signedInAt))}</td>
                  <td>{s.lastSeenAt ? when.format(new Date(s.lastSeenAt)) : "—"}</td>
                  <td>
                    {s.current ? (
                      <strong>{t("accountSecurity.thisDevice")}</strong>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="endSession" />
                        <input type="hidden" name="handle" value={s.handle} />
                        <button
                          type="submit"
                          className="button button--small button--secondary"
                          aria-label={t("accountSecurity.signOutSessionOf", {
                            device: deviceText(s.device),
                            time: when.format(new Date(s.signedInAt)),
                          })}
                        >
                          {t("accountSecurity.signOutSession")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <Modal
          title={t("accountSecurity.signOutOthers")}
          titleId="sign-out-others-title"
          closeTo={withSearchParam(location, "confirm", null)}
          closeLabel={t("common.close")}
        >
          <p>{t("accountSecurity.signOutOthersText", { count: others.length })}</p>
          <Form method="post" action="/account/security" className="modal__actions">
            <Link
              to={withSearchParam(location, "confirm", null)}
              className="button button--secondary"
              preventScrollReset
            >
              {t("common.cancel")}
            </Link>
            <button type="submit" name="intent" value="endOtherSessions" className="button button--danger">
              {t("accountSecurity.signOutOthers")}
            </button>
          </Form>
        </Modal>
      )}
    </div>
  );
}
