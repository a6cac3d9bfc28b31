import { apiJson } from "~/auth/api-auth.server";
import { translatorFor } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locale";

/** A refused API write: the status and the translated message of the editor's own text (SPEC §5 texts). */
export function refusalReply(
  locale: Locale,
  status: number,
  key: string,
  options: Record<string, unknown> & { field?: string; currentStamp?: string } = {},
): Response {
  const { field, currentStamp, ...values } = options;
  const message = translatorFor(locale)(key, values);
  return apiJson(
    {
      error: {
        message,
        ...(field ? { fields: { [field]: [message] } } : {}),
        ...(currentStamp ? { currentStamp } : {}),
      },
    },
    { status },
  );
}
