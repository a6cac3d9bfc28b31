import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault, type Locale } from "~/i18n/locale";
import { currentRequestLocale } from "~/server-context/request-scope.server";
import { PROBLEM_CONTENT_TYPE, problemDetails, problemKindOf, type ProblemKind } from "~/api/problems";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A JSON answer of the API that no cache keeps (every API answer is the caller's own). */
export function apiJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

/** The language of the request being answered (the server keeps it in the request's scope). */
function requestLocale(): Locale {
  const locale = currentRequestLocale();
  return localeOrDefault(locale);
}

export interface ProblemOptions {
  kind?: ProblemKind;
  fields?: Record<string, string[]>;
  currentStamp?: string;
  headers?: Record<string, string>;
  locale?: Locale;
  /** Members of the answer beside the problem's (the list that failed to load keeps its empty page). */
  extra?: Record<string, unknown>;
}

/** The body of an API error: problem details (RFC 9457) with the title in the request's language, and today's `error` member. */
export function problemBody(status: number, detail: string, options: ProblemOptions = {}) {
  const kind = options.kind ?? problemKindOf(status);
  const title = translatorFor(options.locale ?? requestLocale())(`problems.${kind}`);
  return { ...options.extra, ...problemDetails(kind, title, detail, { ...options, status }) };
}

/** An error answer of the API (its body: problemBody). */
export function apiProblem(status: number, detail: string, options: ProblemOptions = {}): Response {
  const headers: Record<string, string> = { ...NO_STORE, "Content-Type": PROBLEM_CONTENT_TYPE, ...options.headers };
  if (status === 401) headers["WWW-Authenticate"] = "Bearer";
  return new Response(JSON.stringify(problemBody(status, detail, options)), { status, headers });
}

export function apiError(status: number, message: string, extraHeaders: Record<string, string> = {}): Response {
  return apiProblem(status, message, { headers: extraHeaders });
}
