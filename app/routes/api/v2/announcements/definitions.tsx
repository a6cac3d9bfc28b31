import type { LoaderFunctionArgs } from "@remix-run/node";
import { announcementRoutes } from "~/announcements/routes";
import { requireApiAccessLike } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { announcementDefinitions } from "~/announcements/announcements.server";

/** GET /api/v2/announcements/definitions (SPEC §7): the values an announcement may hold. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, announcementRoutes.announcementEditor);
  return apiJson({ data: await announcementDefinitions(db()) });
}
