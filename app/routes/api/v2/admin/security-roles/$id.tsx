import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordAction, recordLoader } from "~/routes/api/v2/record-api.server";
import { securityRoleApi } from "~/security-roles/api.server";

/** GET /api/v2/admin/security-roles/{id}: one record, guarded like its editor. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return recordLoader(request, securityRoleApi, params.id);
}

/** PUT (with the `updatedAt` it was read with; a stale one is a 409) and DELETE; both need the write rule. */
export function action({ request, params }: ActionFunctionArgs) {
  return recordAction(request, securityRoleApi, params.id);
}
