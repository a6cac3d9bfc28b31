import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordCreateAction, recordListLoader } from "~/routes/api/v2/record-api.server";
import { permissionSetApi } from "~/permission-sets/api.server";

/** GET /api/v2/admin/permission-sets: the list with the screen's parameters (q, sortBy, sortType, page). */
export function loader({ request }: LoaderFunctionArgs) {
  return recordListLoader(request, permissionSetApi);
}

/** POST /api/v2/admin/permission-sets: create (201), with the write rule, the editor's schema and rules. */
export function action({ request }: ActionFunctionArgs) {
  return recordCreateAction(request, permissionSetApi);
}
