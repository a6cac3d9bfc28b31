import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditCsv } from "~/audit/audit-csv.server";

/** GET /admin/audit/organizations.csv: the filtered audit history of organizations (see the screen, admin.audit.$view). */
export function loader({ request }: LoaderFunctionArgs) {
  return auditCsv(request, "organizations");
}
