import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { apiIdParam } from "~/api/id-param.server";
import { jsonBody } from "~/api/validation-reply.server";
import { refusalReply } from "~/api/refusal-reply.server";
import { localeOf } from "~/i18n/i18next.server";
import { db } from "~/db/client.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { activateUser } from "~/users/lifecycle.server";
import { getManagedUser } from "~/users/users.server";

/** A read of this address: only its POST exists (405, like every API address's other methods). */
export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * POST /api/v2/admin/users/{id}/activate (`{}`): admin:users:write; another dealer's user is 404;
 * an active one stays as it is; one's own account is 403 (issue #30).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const id = apiIdParam(params.id);
  // Like every API write, only a JSON body (here an empty one) is taken: a form cannot send it cross-site.
  await jsonBody(request);
  const outcome = await activateUser(db(), user, id);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "self") return refusalReply(await localeOf(request), 403, "adminUsers.selfChangeRefused");
  return apiJson({ data: await getManagedUser(db(), user, id) });
}
