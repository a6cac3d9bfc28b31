import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { permissionSetRoutes } from "~/permission-sets/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { apiIdParam } from "~/api/id-param.server";
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { permissionSetSchema } from "~/permission-sets/schema";
import { deletePermissionSet, getPermissionSet, updatePermissionSet } from "~/permission-sets/permission-sets.server";
import { permissionSetRefusal } from "~/permission-sets/api-replies.server";

/** GET /api/v2/admin/permission-sets/{id}: one set with the roles it offers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, permissionSetRoutes.permissionSetEditor);
  const set = await getPermissionSet(db(), apiIdParam(params.id));
  return set ? apiJson({ data: set }) : apiError(404, "Not Found");
}

/**
 * PUT (with the `updatedAt` it was read with; a stale one is a 409; roles the caller may not
 * offer are a 403, issue #30 §3) and DELETE; both need admin:permissionSets:write.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, PERMISSION_SETS_WRITE);
  const id = apiIdParam(params.id);
  if (method === "DELETE") {
    return (await deletePermissionSet(db(), user, id))
      ? new Response(null, { status: 204 })
      : apiError(404, "Not Found");
  }
  const locale = await localeOf(request);
  const parsed = permissionSetSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await updatePermissionSet(db(), user, id, parsed.data);
  if (outcome.kind !== "saved") return permissionSetRefusal(outcome, locale);
  return apiJson({ data: await getPermissionSet(db(), id) });
}
