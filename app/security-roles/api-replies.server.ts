import { apiError } from "~/auth/api-auth.server";
import { refusalReply } from "~/api/refusal-reply.server";
import type { Locale } from "~/i18n/locale";
import type { SecurityRoleDeleteOutcome, SecurityRoleSaveOutcome } from "./security-roles.server";

/** The API's answer to a save that did not go ahead. */
export function securityRoleRefusal(outcome: SecurityRoleSaveOutcome, locale: Locale): Response {
  switch (outcome.kind) {
    case "missing":
      return apiError(404, "Not Found");
    case "conflict":
      return refusalReply(locale, 409, "adminSecurityRoles.conflict", { currentStamp: outcome.currentStamp });
    case "duplicateName":
      return refusalReply(locale, 400, "adminSecurityRoles.nameTaken", { field: "name" });
    case "unknownRole":
      return refusalReply(locale, 400, "adminSecurityRoles.unknownRole");
    case "cycle":
      return refusalReply(locale, 400, "adminSecurityRoles.cycle", { roles: outcome.roles.join(" → ") });
  }
}

export function securityRoleDeleteReply(outcome: SecurityRoleDeleteOutcome, locale: Locale): Response {
  if (outcome.kind === "deleted") return new Response(null, { status: 204 });
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  return refusalReply(locale, 409, "adminSecurityRoles.inUse", {
    holders: outcome.holders,
    sets: outcome.permissionSets,
  });
}
