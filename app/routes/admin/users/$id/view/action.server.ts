import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireFeatures } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { requiredIdParam } from "~/navigation/id-param";
import { USERS_EDIT, USERS_LIFECYCLE } from "~/permissions/write-rules";
import { getConfig } from "~/config.server";
import { resendVerification } from "~/users/verification.server";
import { ownFields, readFormData } from "~/security/form-body.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { deactivationSchema } from "~/users/lifecycle";
import { activateUser, deactivateUser, deleteUser, endSessionsOfUser, forceResync } from "~/users/lifecycle.server";
import { toUser, toUsers } from "~/users/routes";
import { exemptionSchema } from "~/users/dormancy";
import { setDormancyExemption } from "~/users/dormancy.server";
import type { Actor } from "~/permissions/actor";

/** What each action says when it is refused on one's own account. */
const SELF_REFUSALS = {
  deactivate: "adminUsers.deactivateSelf",
  activate: "adminUsers.selfChangeRefused",
  endSessions: "adminUsers.endSessionsSelf",
};

/**
 * Resend verification and force resync (admin:users:edit or write); deactivate (with a reason), activate, delete and
 * end sessions (admin:users:write only). Only a user of the administrator's own locations (any
 * other is 404); never on one's own account (403, issue #30). A missing reason keeps the dialog open.
 */
export async function userAction({ request, params }: ActionFunctionArgs) {
  const user = await requireFeatures(request, USERS_EDIT);
  const id = requiredIdParam(params.id);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const tab = params.tab;
  if (intent === "resend") {
    const sent = await resendVerification(db(), user, id, getConfig().PUBLIC_URL);
    if (sent.kind === "missing") throw new Response("Not Found", { status: 404 });
    if (sent.kind === "verified") return data({ refusal: "adminUsers.alreadyVerified" }, { status: 409 });
    return redirect(toUser({ id, mode: "view", tab }, { done: "verificationSent" }));
  }
  if (intent === "resync") {
    const resync = await forceResync(db(), user, id);
    if (resync.kind === "missing") throw new Response("Not Found", { status: 404 });
    if (resync.kind === "noTargets") return data({ refusal: "integrations.noTargets" }, { status: 409 });
    return redirect(toUser({ id, mode: "view", tab }, { done: "resyncSent" }));
  }
  await requireFeatures(request, USERS_LIFECYCLE);
  let outcome;
  if (intent === "deactivate") {
    const parsed = deactivationSchema.safeParse({ reason: form.get("reason") });
    if (!parsed.success) return data({ reasonError: "validations.required" }, { status: 400 });
    outcome = await deactivateUser(db(), user, id, parsed.data.reason);
  } else if (intent === "activate") {
    outcome = await activateUser(db(), user, id);
  } else if (intent === "delete") {
    const deleted = await deleteUser(db(), user, id);
    if (deleted.kind === "self") return data({ refusal: "adminUsers.deleteSelf" }, { status: 403 });
    if (deleted.kind === "missing") throw new Response("Not Found", { status: 404 });
    return redirect(toUsers({ deleted: 1 }));
  } else if (intent === "endSessions") {
    outcome = await endSessionsOfUser(db(), user, id);
  } else if (intent === "exempt" || intent === "endExemption") {
    return exemptionAction(user, id, tab, intent, form);
  } else {
    return data({ reasonError: undefined }, { status: 400 });
  }
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "self") return data({ refusal: SELF_REFUSALS[intent] }, { status: 403 });
  const done = { deactivate: "deactivated", activate: "activated", endSessions: "sessionsEnded" }[intent];
  return redirect(toUser({ id, mode: "view", tab }, { done }));
}

/**
 * Issue #39 §4: exempt the user from auto-deactivation until a day, with a reason, or end the
 * exemption. A bad date or a missing reason keeps what was typed and says what to fix.
 */
async function exemptionAction(user: Actor, id: number, tab: string | undefined, intent: string, form: FormData) {
  let exemption = null;
  if (intent === "exempt") {
    const schema = exemptionSchema(new Date());
    const submission = parseWithZod(ownFields(form, schema), { schema });
    if (submission.status !== "success") return data({ exemption: submission.reply() }, { status: 400 });
    exemption = submission.value;
  }
  const outcome = await setDormancyExemption(db(), user, id, exemption);
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "self") return data({ refusal: "adminUsers.selfChangeRefused" }, { status: 403 });
  return redirect(toUser({ id, mode: "view", tab }, { done: exemption ? "exemptSaved" : "exemptEnded" }));
}
