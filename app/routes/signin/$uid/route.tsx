import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { completeSignIn, interactionState } from "~/auth/interaction.server";
import { checkCredentials } from "~/security/credentials.server";
import { expiredPasswordOf, replaceExpiredPassword } from "~/account/password-expiry.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { signInSchema } from "~/auth/sign-in-schema";
import { signInNoticeFrom } from "~/auth/sign-in-notice.server";
import { expiredPasswordStep, reactivationStep } from "~/auth/proven-step.server";
import { deactivationOf, requestReactivation } from "~/users/reactivation.server";
import { titleMeta } from "~/shell/page-title";
import { SignInFailed } from "~/shell/components/SignInFailed";
import { ownFields, readFormData } from "~/security/form-body.server";
import { setPasswordSchema } from "~/users/verification";
import { SignInForm } from "./SignInForm";
import { ExpiredPasswordForm, EXPIRED_PASSWORD_INTENT } from "./ExpiredPasswordForm";
import { DeactivatedAccount, REACTIVATION_INTENT } from "./DeactivatedAccount";

export const meta = titleMeta("auth.signInTitle");

const PASSWORDS = ["password", "confirmPassword"];

/**
 * The embedded identity provider's sign-in page (issue #2 §2): ours, themed and translated. It
 * says why when a time-out ended the session, and asks for a new password when the old one has
 * expired (issue #15 §5) before the portal opens.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await interactionState(context.req, context.res);
  if (state.kind === "redirect") throw redirect(state.to);
  const expired = state.kind === "expired";
  const pending = expired ? null : await expiredPasswordStep.identity(request, params.uid ?? "");
  const names = pending === null ? null : await expiredPasswordOf(db(), pending, getConfig().PASSWORD_MAX_AGE_DAYS);
  return { expired, notice: await signInNoticeFrom(request), passwordExpired: names };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const uid = params.uid ?? "";
  if (formData.get("intent") === EXPIRED_PASSWORD_INTENT) return replaceExpired(request, formData, uid, context);
  if (formData.get("intent") === REACTIVATION_INTENT) return askForReactivation(request, uid);
  const submission = parseWithZod(ownFields(formData, signInSchema), { schema: signInSchema });
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }) };
  }
  const check = await checkCredentials(db(), submission.value.email, submission.value.password);
  if (!check.ok && check.reason === "inactive") {
    // The right password: they learn why, and may ask to be active again (issue #39 §5).
    const notice = await deactivationOf(db(), check.identityId);
    if (notice)
      return data(
        { deactivated: notice, justSent: false, result: undefined },
        { headers: { "Set-Cookie": await reactivationStep.start(uid, check.identityId) } },
      );
  }
  if (!check.ok) {
    const key = {
      locked: "auth.locked",
      inactive: "auth.inactive",
      unverified: "auth.unverified",
      invalid: "auth.invalid",
    }[check.reason];
    return { result: submission.reply({ formErrors: [key], hideFields: ["password"] }) };
  }
  const names = await expiredPasswordOf(db(), check.identityId, getConfig().PASSWORD_MAX_AGE_DAYS);
  if (names) {
    // The portal does not open until the password is new; the form after this asks for it.
    return data(
      { passwordExpired: names, result: undefined },
      { headers: { "Set-Cookie": await expiredPasswordStep.start(uid, check.identityId) } },
    );
  }
  const state = await completeSignIn(context.req, context.res, check.identityId);
  if (state.kind !== "redirect")
    return { result: submission.reply({ formErrors: ["auth.expired"], hideFields: ["password"] }) };
  throw redirect(state.to);
}

async function replaceExpired(
  request: Request,
  formData: FormData,
  uid: string,
  context: ActionFunctionArgs["context"],
) {
  const identityId = await expiredPasswordStep.identity(request, uid);
  const names =
    identityId === null ? null : await expiredPasswordOf(db(), identityId, getConfig().PASSWORD_MAX_AGE_DAYS);
  // Nothing pending here (another tab finished it, or the step lapsed): sign in again.
  if (identityId === null || !names) return { result: undefined, restart: true };
  const schema = setPasswordSchema(names);
  const submission = parseWithZod(ownFields(formData, schema), { schema });
  if (submission.status !== "success") {
    return data({ passwordExpired: names, result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  }
  const outcome = await replaceExpiredPassword(db(), identityId, submission.value.password);
  if (outcome.kind === "same") {
    return data(
      {
        passwordExpired: names,
        result: submission.reply({ fieldErrors: { password: ["auth.passwordSame"] }, hideFields: PASSWORDS }),
      },
      { status: 400 },
    );
  }
  const state = await completeSignIn(context.req, context.res, identityId);
  const headers = { "Set-Cookie": await expiredPasswordStep.end() };
  if (state.kind !== "redirect") return data({ result: undefined, restart: true }, { headers });
  throw redirect(state.to, { headers });
}

/** A deactivated user who proved their password in this sign-in asks to be active again; once per deactivation. */
async function askForReactivation(request: Request, uid: string) {
  const identityId = await reactivationStep.identity(request, uid);
  if (identityId === null) return { result: undefined, restart: true };
  const outcome = await requestReactivation(db(), identityId, { publicUrl: getConfig().PUBLIC_URL });
  const notice = outcome.kind === "sent" ? outcome.notice : await deactivationOf(db(), identityId);
  // Activated meanwhile: they sign in again like anyone.
  if (!notice) return { result: undefined, restart: true };
  return { deactivated: notice, justSent: outcome.kind === "sent", result: undefined };
}

export default function SignIn() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaded.expired || (actionData && "restart" in actionData)) return <SignInFailed messageKey="auth.expired" />;
  const passwordExpired =
    (actionData && "passwordExpired" in actionData && actionData.passwordExpired) || loaded.passwordExpired;
  if (actionData && "deactivated" in actionData && actionData.deactivated) {
    return <DeactivatedAccount notice={actionData.deactivated} justSent={actionData.justSent} />;
  }
  if (passwordExpired) {
    return <ExpiredPasswordForm names={passwordExpired} result={actionData?.result} />;
  }
  return <SignInForm notice={loaded.notice} result={actionData?.result} />;
}
