import type { ZodError } from "zod";
import { translatorFor } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locale";
import { MAX_TEXT_LENGTH } from "~/limits";
import { apiError, apiProblem } from "~/api/replies.server";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "~/security/body-limits";

/**
 * 400 for a JSON body the form's schema refuses: each field's messages, in the caller's language.
 * A field's placeholders (`count` of a minimum length, which picks the plural form) may be given;
 * `n` is the text maximum.
 */
export function validationReply(
  error: ZodError,
  locale: Locale,
  valuesByField: Record<string, Record<string, string | number>> = {},
): Response {
  const t = translatorFor(locale);
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    (fields[path] ??= []).push(t(issue.message, { n: MAX_TEXT_LENGTH, ...valuesByField[path] }));
  }
  return apiProblem(400, t("validations.formError"), { kind: "validation", fields, locale });
}

/**
 * The JSON body of an API write, or undefined when it does not parse; one nested deeper than
 * MAX_JSON_DEPTH is a 400 (walking it would exhaust the stack). A write that is not
 * `application/json` is refused with 415: that type cannot be sent cross-site without a CORS
 * preflight, a second wall behind the cross-site check.
 */
export async function jsonBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw apiError(415, "Send the body as application/json");
  let body: unknown;
  try {
    // The server bounded the body's size; its depth is checked before anything walks it.
    const text = await request.text();
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH))
      throw apiError(400, `The body nests deeper than ${MAX_JSON_DEPTH} levels`);
    body = JSON.parse(text);
  } catch (error) {
    if (error instanceof Response) throw error;
    return undefined;
  }
  // PostgreSQL refuses NUL in text: such a body is refused here rather than failing a write.
  if (holdsNul(body)) throw apiError(400, "Text must not contain NUL characters");
  return body;
}

/** A write that needs no body: none is fine, one sent anyway must be JSON like every API write's (415 otherwise). */
export async function refuseNonJsonBody(request: Request): Promise<void> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (request.headers.has("Content-Type") || length > 0) await jsonBody(request);
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item));
  return false;
}
