import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { refuseNonJsonBody } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { markDirectoryReviewed } from "~/directory/directory.server";
import { directoryContextOf } from "~/directory/rules";

export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/** PUT /api/v2/admin/directory-data/last-review-date/{context} (SPEC §7, empty body): the caller's review is done for now. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const context = directoryContextOf(params.context);
  if (!context) return apiError(404, "Not Found");
  await refuseNonJsonBody(request);
  await markDirectoryReviewed(db(), user, context);
  return apiJson({ data: { context } });
}
