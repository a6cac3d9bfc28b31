import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { securityRoleRoutes } from "~/security-roles/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { apiIdParam } from "~/api/id-param.server";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import { securityRoleSchema } from "~/security-roles/schema";
import { deleteSecurityRole, getSecurityRole, updateSecurityRole } from "~/security-roles/security-roles.server";
import { securityRoleDeleteReply, securityRoleRefusal } from "~/security-roles/api-replies.server";

/** GET /api/v2/admin/security-roles/{id}: one role with its parents, children, assigners and relations. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, securityRoleRoutes.securityRoleEditor);
  const role = await getSecurityRole(db(), apiIdParam(params.id));
  return role ? apiJson({ data: role }) : apiError(404, "Not Found");
}

/**
 * PUT (update with the `updatedAt` it was read with; a stale one is a 409 and changes nothing;
 * one granting more than the caller may is a 403, issue #30 §3) and DELETE (refused with 409
 * while the role is held or offered); both need admin:securityRoles:write.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, SECURITY_ROLES_WRITE);
  const id = apiIdParam(params.id);
  const locale = await localeOf(request);
  if (method === "DELETE") return securityRoleDeleteReply(await deleteSecurityRole(db(), user, id), locale);
  const parsed = securityRoleSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await updateSecurityRole(db(), user, id, parsed.data);
  if (outcome.kind !== "saved") return securityRoleRefusal(outcome, locale);
  return apiJson({ data: await getSecurityRole(db(), id) });
}
