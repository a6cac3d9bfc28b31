import { apiError, apiJson } from "~/api/replies.server";
import { refusalReply, savedRefusalReply } from "~/api/refusal-reply.server";
import { apiIdParam } from "~/api/id-param.server";
import { recordHeaders, withIfMatch } from "~/api/etag";
import type { RecordApi, WriteOutcome } from "~/api/record-api";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { db } from "~/db/client.server";
import { removalOf } from "~/forms/save-outcome";
import { localeOf } from "~/i18n/i18next.server";

/*
 * The answers of an administered record's API, for the routes under api/v2/ that serve one a domain
 * describes (RecordApi): it checks access here, at the top, as every route does.
 */

/** The API's answer to a write that did not go ahead: 404, 409 with the current stamp, or the service's refusal. */
function refusedReply<Refused extends WriteOutcome>(
  api: Pick<RecordApi<unknown, unknown, Refused>, "conflictKey" | "refusal">,
  outcome: Refused,
  locale: Awaited<ReturnType<typeof localeOf>>,
): Response {
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "conflict")
    return refusalReply(locale, 409, api.conflictKey, { currentStamp: outcome.currentStamp });
  const refusal = api.refusal(outcome);
  return refusal ? savedRefusalReply(locale, refusal) : apiError(404, "Not Found");
}

// The record API's types are checked where a domain declares it; the route functions take any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRecordApi = RecordApi<any, unknown, any>;

/** GET of the collection: the list with the screen's parameters (q, sortBy, sortType, page), guarded like the list screen. */
export async function recordListLoader(request: Request, api: AnyRecordApi): Promise<Response> {
  await requireApiAccessLike(request, api.listAccess);
  const list = await api.list(db(), new URL(request.url).searchParams);
  return apiJson({ data: { items: list.rows, total: list.total, page: list.page, pageCount: list.pageCount } });
}

/** POST of the collection: create with the write rule, through the editor's schema and the service's rules (201 with the record). */
export async function recordCreateAction(request: Request, api: AnyRecordApi): Promise<Response> {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, api.writeRule);
  const locale = await localeOf(request);
  const parsed = api.schema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await api.create(db(), user, parsed.data);
  if (outcome.kind !== "created") return refusedReply(api, outcome, locale);
  return apiJson({ data: await api.get(db(), outcome.id) }, { status: 201 });
}

/** GET of one record, guarded like its editor; 404 when there is none. */
export async function recordLoader(request: Request, api: AnyRecordApi, idParam: string | undefined) {
  await requireApiAccessLike(request, api.recordAccess);
  const row = await api.get(db(), apiIdParam(idParam));
  return row ? apiJson({ data: row }, { headers: recordHeaders(row) }) : apiError(404, "Not Found");
}

/**
 * PUT (update with the `updatedAt` it was read with; a stale one is a 409 and changes nothing) and
 * DELETE (204; 404 when there is none; the service's refusal otherwise); both need the write rule.
 */
export async function recordAction(request: Request, api: AnyRecordApi, idParam: string | undefined) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, api.writeRule);
  const id = apiIdParam(idParam);
  const locale = await localeOf(request);
  if (method === "DELETE") {
    const outcome = await api.remove(db(), user, id);
    const removal = removalOf(outcome);
    if (removal === "deleted") return new Response(null, { status: 204 });
    return removal === "missing" ? apiError(404, "Not Found") : refusedReply(api, outcome as WriteOutcome, locale);
  }
  const parsed = api.schema.safeParse(withIfMatch(await jsonBody(request), request.headers.get("If-Match")));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await api.update(db(), user, id, parsed.data);
  if (outcome.kind !== "saved") return refusedReply(api, outcome, locale);
  const saved = await api.get(db(), id);
  return apiJson({ data: saved }, { headers: recordHeaders(saved) });
}
