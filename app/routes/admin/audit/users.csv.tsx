import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { auditCsv } from "~/audit/audit-csv.server";
import { auditQueryOf } from "~/audit/query";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin/audit/users.csv: the filtered audit history of users (see the screen, admin.audit.$view). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const query = auditQueryOf(new URL(request.url).searchParams, requestTimeZone(request, user));
  return auditCsv(db(), user, "users", query, await requestTranslator(request));
}
