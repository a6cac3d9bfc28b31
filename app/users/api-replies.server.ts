import { apiError, apiProblem } from "~/api/replies.server";
import { refusalReply } from "~/api/refusal-reply.server";
import { translatorFor } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locale";
import type { CreateOutcome, EditOutcome } from "./save-user.server";

/**
 * The API's answer to a refused create or edit, in the caller's language: 404 for another dealer's
 * user, 403 for a role or location the caller may not give or for a change of their own
 * privileges (issue #30), 409 for a taken e-mail or a stale `updatedAt`, 400 for missing fields
 * (each with the screen's message).
 */
export function userRefusalReply(
  outcome: Exclude<CreateOutcome | EditOutcome, { kind: "created" | "saved" | "unchanged" }>,
  locale: Locale,
): Response {
  switch (outcome.kind) {
    case "missing":
      return apiError(404, "Not Found");
    case "forbidden":
      return apiError(403, "Forbidden");
    case "self":
      return refusalReply(locale, 403, "adminUsers.selfChangeRefused");
    case "emailTaken":
      return refusalReply(locale, 409, "adminUsers.emailTaken", { field: "email" });
    case "stale":
      return refusalReply(locale, 409, "adminUsers.stale", { kind: "staleStamp" });
    case "incomplete": {
      const t = translatorFor(locale);
      const fields: Record<string, string[]> = {};
      for (const p of outcome.problems) {
        const message = p.names ? `${t(p.message)} ${p.names.join(", ")}` : t(p.message);
        fields[p.field] = [...(fields[p.field] ?? []), message];
      }
      return apiProblem(400, t("validations.formError"), { kind: "validation", fields, locale });
    }
  }
}
