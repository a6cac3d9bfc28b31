import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { everyListedPermissionSet, permissionSetListOptionsOf } from "~/permission-sets/permission-sets.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin/permission-sets.csv: the filtered list (search, sort) as CSV, every page; guarded like the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request);
  const options = permissionSetListOptionsOf(new URL(request.url).searchParams);
  const t = await requestTranslator(request);
  const header = ["displayName", "name", "required", "selectionMode", "scope"].map((key) =>
    t(`adminPermissionSets.${key}`),
  );
  async function* rows() {
    for await (const row of everyListedPermissionSet(db(), options)) {
      yield [
        row.displayName,
        row.name,
        t(row.required ? "adminPermissionSets.isRequired" : "adminPermissionSets.isOptional"),
        t(`adminPermissionSets.mode.${row.selectionMode}`),
        t(row.applicationId === null ? "adminPermissionSets.global" : "adminPermissionSets.perApplication"),
      ];
    }
  }
  return csvResponse(csvFileName("permission-sets"), header, rows());
}
