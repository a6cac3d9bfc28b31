import { apiError } from "~/api/replies.server";
import { refusalReply, savedRefusalReply } from "~/api/refusal-reply.server";
import type { Locale } from "~/i18n/locale";
import type { SecurityRoleDeleteOutcome, SecurityRoleSaveOutcome } from "./security-roles.server";
import { securityRoleDeleteRefusal, securityRoleRefusal as refusalOf } from "./refusals";

/** The API's answer to a save that did not go ahead. */
export function securityRoleRefusal(outcome: SecurityRoleSaveOutcome, locale: Locale): Response {
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "conflict")
    return refusalReply(locale, 409, "adminSecurityRoles.conflict", { currentStamp: outcome.currentStamp });
  return savedRefusalReply(locale, refusalOf(outcome));
}

export function securityRoleDeleteReply(outcome: SecurityRoleDeleteOutcome, locale: Locale): Response {
  if (outcome.kind === "deleted") return new Response(null, { status: 204 });
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  return savedRefusalReply(locale, securityRoleDeleteRefusal(outcome)!);
}
