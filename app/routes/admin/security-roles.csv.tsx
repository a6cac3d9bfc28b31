import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { everyListedSecurityRole, securityRoleListOptionsOf } from "~/security-roles/security-roles.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin/security-roles.csv: the filtered list (search, sort) as CSV, every page; guarded like the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request);
  const options = securityRoleListOptionsOf(new URL(request.url).searchParams);
  const t = await requestTranslator(request);
  const header = ["displayName", "name", "features", "updatedAt"].map((key) => t(`adminSecurityRoles.${key}`));
  async function* rows() {
    for await (const row of everyListedSecurityRole(db(), options)) {
      yield [row.displayName, row.name, row.features.join(" "), row.updatedAt.toISOString()];
    }
  }
  return csvResponse(csvFileName("security-roles"), header, rows());
}
