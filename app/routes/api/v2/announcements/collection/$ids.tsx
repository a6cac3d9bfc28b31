import type { LoaderFunctionArgs } from "@remix-run/node";
import { announcementRoutes } from "~/announcements/routes";
import { requireApiAccessLike } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { commaJoined } from "~/announcements/rules";
import { recordIdOf } from "~/navigation/id-param";
import { db } from "~/db/client.server";
import { announcementRecord, announcementsByIds } from "~/announcements/announcements.server";

/** At most this many ids in one collection request. */
export const COLLECTION_LIMIT = 100;

/** GET /api/v2/announcements/collection/{ids} (SPEC §7): the announcements of comma-separated ids the user sees. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, announcementRoutes.announcementEditor);
  const parts = commaJoined(params.ids);
  const ids = parts.map(recordIdOf);
  if (parts.length === 0 || parts.length > COLLECTION_LIMIT || ids.some((id) => id === null)) {
    return apiError(400, `ids must be 1 to ${COLLECTION_LIMIT} comma-separated positive integers`);
  }
  return apiJson({ data: { items: (await announcementsByIds(db(), user, ids as number[])).map(announcementRecord) } });
}
