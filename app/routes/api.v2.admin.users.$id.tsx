import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, requireApiAccessLike } from "~/auth/api-auth.server";
import { db } from "~/db/client.server";
import { apiIdParam } from "~/api/id-param.server";
import { getManagedUser } from "~/users/users.server";

/** GET /api/v2/admin/users/{id}: a user of the caller's own locations; any other id is 404, never 403 (issue #14 §1). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, "users");
  const managed = await getManagedUser(db(), user.identityId, apiIdParam(params.id));
  return managed ? apiJson({ data: managed }) : apiError(404, "Not Found");
}
