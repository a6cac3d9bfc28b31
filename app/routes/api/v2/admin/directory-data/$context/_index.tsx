import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { directoryLocations } from "~/directory/directory.server";
import { brandIdsParam, directoryContextOf } from "~/directory/rules";

/** GET /api/v2/admin/directory-data/{context}?brandIds=1,2 (SPEC §7): `items`, the caller's locations with their roles. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const context = directoryContextOf(params.context);
  if (!context) return apiError(404, "Not Found");
  const brandIds = brandIdsParam(new URL(request.url).searchParams.get("brandIds"));
  if (!brandIds) return apiError(400, "brandIds: a comma-separated list of brand ids 1–5");
  return apiJson({ items: await directoryLocations(db(), user, context, brandIds) });
}
