import type { ZodError } from "zod";
import { translatorFor } from "~/i18n/translate.server";
import type { Locale } from "~/i18n/locale";
import { MAX_TEXT_LENGTH } from "~/validation/sign-in";
import { apiJson } from "~/auth/api-auth.server";

/** 400 for a JSON body the form's schema refuses: each field's messages, in the caller's language. */
export function validationReply(error: ZodError, locale: Locale): Response {
  const t = translatorFor(locale);
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    (fields[path] ??= []).push(t(issue.message, { n: MAX_TEXT_LENGTH }));
  }
  return apiJson({ error: { message: t("validations.formError"), fields } }, { status: 400 });
}

/** The JSON body of a request, or undefined when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
