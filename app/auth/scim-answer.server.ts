/*
 * How the SCIM service answers (RFC 7644 §3.1, §3.12; issue #36): `application/scim+json`, errors in
 * SCIM's error schema with the detail in the caller's language, the caller checked first — an API
 * client with the `scim` scope (auth/api-auth.server.ts).
 */
import { translatorFor } from "~/i18n/i18next.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locale";
import { localeOf } from "~/i18n/i18next.server";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "~/security/body-limits";
import { requireScimClient, type Refusal } from "./api-auth.server";
import type { PortalUser } from "./user.server";
import { SCIM_CONTENT_TYPE, ScimError, scimErrorBody } from "~/api/scim-error";

const NO_STORE = { "Cache-Control": "private, no-store" };

export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": SCIM_CONTENT_TYPE, ...NO_STORE, ...headers },
  });
}

function errorReply(error: ScimError, locale: Locale, headers: Record<string, string> = {}): Response {
  const detail = translatorFor(locale)(error.key, error.values);
  const extra: Record<string, string> = error.status === 401 ? { "WWW-Authenticate": 'Bearer realm="scim"' } : {};
  return scimJson(scimErrorBody(error.status, detail, error.scimType), error.status, { ...extra, ...headers });
}

const REFUSAL_KEYS = {
  401: "scim.errors.unauthorized",
  403: "scim.errors.forbidden",
  429: "scim.errors.tooManyRequests",
};

/**
 * Runs a SCIM request: the caller checked (401/403/429 in SCIM's form), then the handler; a
 * ScimError it throws becomes its error answer.
 */
export async function scimAnswer(
  request: Request,
  handle: (caller: PortalUser) => Promise<Response>,
): Promise<Response> {
  const locale = await localeOf(request).catch(() => DEFAULT_LOCALE);
  const refuse: Refusal = (status, headers) => errorReply(new ScimError(status, REFUSAL_KEYS[status]), locale, headers);
  try {
    return await handle(await requireScimClient(request, refuse));
  } catch (error) {
    if (error instanceof ScimError) return errorReply(error, locale);
    throw error;
  }
}

/** A SCIM answer needing no caller (the discovery endpoints), its errors in SCIM's form too. */
export async function scimPublicAnswer(request: Request, handle: () => Response): Promise<Response> {
  try {
    return handle();
  } catch (error) {
    if (error instanceof ScimError) return errorReply(error, await localeOf(request).catch(() => DEFAULT_LOCALE));
    throw error;
  }
}

/** The JSON body of a SCIM write (`application/scim+json` or `application/json`; else 415, unreadable: invalidSyntax). */
export async function scimBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== SCIM_CONTENT_TYPE && type !== "application/json") throw new ScimError(415, "scim.errors.mediaType");
  const text = await request.text();
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ScimError(400, "scim.errors.body", "invalidSyntax");
  try {
    const body: unknown = JSON.parse(text);
    if (text.includes("\\u0000")) throw new ScimError(400, "scim.errors.body", "invalidSyntax");
    return body;
  } catch (error) {
    if (error instanceof ScimError) throw error;
    throw new ScimError(400, "scim.errors.body", "invalidSyntax");
  }
}
