import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { announcementRoutes } from "~/announcements/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson, apiProblem } from "~/api/replies.server";
import { validationReply, jsonBody } from "~/api/validation-reply.server";
import { announcementListOptionsOf } from "~/announcements/list-options";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { logger } from "~/logger.server";
import { fallbackOnFailure } from "~/server-context/fallback-on-failure";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import {
  announcementRecord,
  createAnnouncement,
  getAnnouncement,
  listAnnouncements,
} from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";
import { brandNotYoursRefusal } from "~/permissions/catalogue-scope";
import { savedRefusalReply } from "~/api/refusal-reply.server";

/**
 * GET /api/v2/announcements (SPEC §7): the management list the user sees, with the screen's query parameters
 * (q, range=last|next|custom with days or from/to, page). On a failure it is logged and the list
 * is empty (SPEC §8), with status 503 so a caller can tell.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, announcementRoutes.announcements);
  const { options } = announcementListOptionsOf(
    new URL(request.url).searchParams,
    new Date(),
    requestTimeZone(request, user),
  );
  let failed = false;
  const list = await fallbackOnFailure(
    () => listAnnouncements(db(), user, options),
    () => ({ rows: [], total: 0, page: 1, pageCount: 1 }),
    (err) => {
      failed = true;
      logger.error({ err }, "announcements list failed");
    },
  );
  const data = {
    items: list.rows.map(announcementRecord),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  };
  return failed ? apiProblem(503, "Announcements could not be loaded", { extra: { data } }) : apiJson({ data });
}

/**
 * POST /api/v2/announcements: create, with admin:announcements:write; the body goes through the
 * editor's schema, and brands not all the user's are refused (400 on brandIds).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, ANNOUNCEMENTS_WRITE);
  const parsed = announcementSchema.safeParse(await jsonBody(request));
  const locale = await localeOf(request);
  if (!parsed.success) return validationReply(parsed.error, locale);
  const id = await createAnnouncement(db(), user, parsed.data);
  if (typeof id !== "number") return savedRefusalReply(locale, brandNotYoursRefusal("brandIds"));
  const created = await getAnnouncement(db(), user, id);
  return apiJson({ data: announcementRecord(created!) }, { status: 201 });
}
