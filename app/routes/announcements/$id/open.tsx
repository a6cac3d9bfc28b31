import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { requiredIdParam } from "~/navigation/id-param";
import { markAnnouncementRead } from "~/announcements/announcements.server";

/**
 * Opening an announcement: marks it read and goes to its link. A link, not a form post: the
 * CSP's form-action keeps form submissions (and their redirects) on our own origin, and the
 * announcement's link is elsewhere. Only announcements the user sees can be opened.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const marked = await markAnnouncementRead(db(), user, requiredIdParam(params.id), await localeOf(request));
  if (!marked) throw new Response("Not Found", { status: 404 });
  return redirect(marked.linkUrl, { headers: { "Cache-Control": "no-store" } });
}
