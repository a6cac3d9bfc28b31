import { apiProblem } from "~/api/replies.server";
import type { ProblemKind } from "~/api/problems";
import type { Refusal } from "~/forms/save-outcome";
import { translatorFor } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locale";

/** A refused API write: the status and the translated message of the editor's own text (SPEC §5 texts). */
export function refusalReply(
  locale: Locale,
  status: number,
  key: string,
  options: Record<string, unknown> & { field?: string; currentStamp?: string; kind?: ProblemKind } = {},
): Response {
  const { field, currentStamp, kind, ...values } = options;
  const message = translatorFor(locale)(key, values);
  return apiProblem(status, message, {
    kind: kind ?? (currentStamp ? "staleStamp" : undefined),
    locale,
    ...(field ? { fields: { [field]: [message] } } : {}),
    ...(currentStamp ? { currentStamp } : {}),
  });
}

/** A write the service refused for a reason of its own, as the API says it (400 unless the refusal says). */
export function savedRefusalReply(locale: Locale, refusal: Refusal): Response {
  return refusalReply(locale, refusal.status ?? 400, refusal.message, { ...refusal.values, field: refusal.field });
}
