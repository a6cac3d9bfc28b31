import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { commaJoined } from "~/announcements/rules";
import { DEFAULT_DISPLAY_LOCATION } from "~/limits";
import { db } from "~/db/client.server";
import { requestedLocale } from "~/i18n/i18next.server";
import { SIGNED_IN } from "~/security/feature-rule";
import { notificationsFor } from "~/announcements/announcements.server";

/**
 * GET /api/v2/user/notifications (SPEC §7): displayLocationCode (default dealer-home), brands and
 * regionCode comma-joined → data.items, in the caller's language (or `language`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, SIGNED_IN);
  const params = new URL(request.url).searchParams;
  const items = await notificationsFor(db(), user, await requestedLocale(request), {
    displayLocationCode: params.get("displayLocationCode")?.trim() || DEFAULT_DISPLAY_LOCATION,
    brandIds: commaJoined(params.get("brands")).map(Number).filter(Number.isInteger),
    regionCodes: commaJoined(params.get("regionCode")),
  });
  return apiJson({ data: { items } });
}
