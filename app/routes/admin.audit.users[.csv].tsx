import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditCsv } from "~/audit/audit-csv.server";

/** GET /admin/audit/users.csv: the filtered audit history of users (see the screen, admin.audit.$view). */
export function loader({ request }: LoaderFunctionArgs) {
  return auditCsv(request, "users");
}
