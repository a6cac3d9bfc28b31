import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { IMPORT_SCREENS } from "~/imports/screens";
import { importTemplate } from "~/routes/admin/wsr-bulk-assignments/import-screens.server";

/** The organizations import's template, CSV or XLSX. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  return importTemplate(db(), user, IMPORT_SCREENS.organizations, params.format);
}
