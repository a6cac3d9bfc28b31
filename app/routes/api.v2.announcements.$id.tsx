import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { apiIdParam } from "~/api/id-param.server";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import {
  announcementRecord,
  deleteAnnouncement,
  getAnnouncement,
  updateAnnouncement,
} from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";

/** GET /api/v2/announcements/{id}: one announcement, guarded like the editor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, "announcementEditor");
  const row = await getAnnouncement(db(), apiIdParam(params.id));
  return row ? apiJson({ data: announcementRecord(row) }) : apiError(404, "Not Found");
}

/**
 * PUT /api/v2/announcements/{id} (update; the body carries the `updatedAt` it was read with, a
 * stale one gives 409 and changes nothing) and DELETE /api/v2/announcements/{id}; both need
 * admin:announcements:write.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, ANNOUNCEMENTS_WRITE);
  const id = apiIdParam(params.id);
  if (method === "DELETE") {
    return (await deleteAnnouncement(db(), id, user.identityId))
      ? new Response(null, { status: 204 })
      : apiError(404, "Not Found");
  }
  const parsed = announcementSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, await localeOf(request));
  const outcome = await updateAnnouncement(db(), id, parsed.data, user.identityId);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "conflict")
    return apiJson(
      { error: { message: "The announcement was changed since it was read", currentStamp: outcome.currentStamp } },
      { status: 409 },
    );
  return apiJson({ data: announcementRecord((await getAnnouncement(db(), id))!) });
}
