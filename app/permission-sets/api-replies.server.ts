import { apiError } from "~/auth/api-auth.server";
import { refusalReply } from "~/api/refusal-reply.server";
import type { Locale } from "~/i18n/locale";
import type { PermissionSetSaveOutcome } from "./permission-sets.server";

/** The API's answer to a save that did not go ahead. */
export function permissionSetRefusal(outcome: PermissionSetSaveOutcome, locale: Locale): Response {
  switch (outcome.kind) {
    case "missing":
      return apiError(404, "Not Found");
    case "conflict":
      return refusalReply(locale, 409, "adminPermissionSets.conflict", { currentStamp: outcome.currentStamp });
    case "duplicateName":
      return refusalReply(locale, 400, "adminPermissionSets.nameTaken", { field: "name" });
    case "unknownRole":
      return refusalReply(locale, 400, "adminPermissionSets.unknownRole", { field: "securityRoles" });
    case "unknownApplication":
      return refusalReply(locale, 400, "adminPermissionSets.unknownApplication", { field: "applicationId" });
  }
}
