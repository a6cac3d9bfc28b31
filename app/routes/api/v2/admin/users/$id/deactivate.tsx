import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { apiIdParam } from "~/api/id-param.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { refusalReply } from "~/api/refusal-reply.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { deactivationSchema } from "~/users/lifecycle";
import { deactivateUser } from "~/users/lifecycle.server";
import { getManagedUser } from "~/users/users.server";

/** A read of this address: only its POST exists (405, like every API address's other methods). */
export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * POST /api/v2/admin/users/{id}/deactivate `{ reason }`: admin:users:write; ends every session,
 * token and grant of the user at once. Another dealer's user is 404; an inactive one stays as it
 * is; one's own account is 403 (issue #30).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const id = apiIdParam(params.id);
  const parsed = deactivationSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, await localeOf(request));
  const outcome = await deactivateUser(db(), user, id, parsed.data.reason);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "self") return refusalReply(await localeOf(request), 403, "adminUsers.deactivateSelf");
  return apiJson({ data: await getManagedUser(db(), user, id) });
}
