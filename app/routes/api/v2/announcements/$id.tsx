import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { announcementRoutes } from "~/announcements/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson, apiProblem } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { apiIdParam } from "~/api/id-param.server";
import { recordHeaders, withIfMatch } from "~/api/etag";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import {
  announcementRecord,
  deleteAnnouncement,
  getAnnouncement,
  updateAnnouncement,
} from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";
import { brandNotYoursRefusal } from "~/permissions/catalogue-scope";
import { savedRefusalReply } from "~/api/refusal-reply.server";

/** GET /api/v2/announcements/{id}: one announcement, guarded like the editor (404 when none of its brands is the user's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, announcementRoutes.announcementEditor);
  const row = await getAnnouncement(db(), user, apiIdParam(params.id));
  if (!row) return apiError(404, "Not Found");
  const record = announcementRecord(row);
  return apiJson({ data: record }, { headers: recordHeaders(record) });
}

/**
 * PUT /api/v2/announcements/{id} (update; the body carries the `updatedAt` it was read with, a
 * stale one gives 409 and changes nothing) and DELETE /api/v2/announcements/{id}; both need
 * admin:announcements:write, and an announcement whose brands are all the user's (otherwise 404);
 * brands not theirs in the body are refused (400 on brandIds).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, ANNOUNCEMENTS_WRITE);
  const id = apiIdParam(params.id);
  if (method === "DELETE") {
    return (await deleteAnnouncement(db(), user, id))
      ? new Response(null, { status: 204 })
      : apiError(404, "Not Found");
  }
  const parsed = announcementSchema.safeParse(withIfMatch(await jsonBody(request), request.headers.get("If-Match")));
  const locale = await localeOf(request);
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await updateAnnouncement(db(), user, id, parsed.data);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "brandNotYours") return savedRefusalReply(locale, brandNotYoursRefusal("brandIds"));
  if (outcome.kind === "conflict")
    return apiProblem(409, "The announcement was changed since it was read", {
      kind: "staleStamp",
      currentStamp: outcome.currentStamp,
    });
  const saved = announcementRecord((await getAnnouncement(db(), user, id))!);
  return apiJson({ data: saved }, { headers: recordHeaders(saved) });
}
