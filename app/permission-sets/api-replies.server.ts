import { apiError } from "~/api/replies.server";
import { refusalReply, savedRefusalReply } from "~/api/refusal-reply.server";
import type { Locale } from "~/i18n/locale";
import type { PermissionSetSaveOutcome } from "./permission-sets.server";
import { permissionSetRefusal as refusalOf } from "./refusals";

/** The API's answer to a save that did not go ahead. */
export function permissionSetRefusal(outcome: PermissionSetSaveOutcome, locale: Locale): Response {
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "conflict")
    return refusalReply(locale, 409, "adminPermissionSets.conflict", { currentStamp: outcome.currentStamp });
  return savedRefusalReply(locale, refusalOf(outcome));
}
