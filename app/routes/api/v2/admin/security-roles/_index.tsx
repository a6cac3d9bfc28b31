import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { securityRoleRoutes } from "~/security-roles/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import { securityRoleSchema } from "~/security-roles/schema";
import {
  createSecurityRole,
  getSecurityRole,
  listSecurityRoles,
  securityRoleListOptionsOf,
} from "~/security-roles/security-roles.server";
import { securityRoleRefusal } from "~/security-roles/api-replies.server";

/** GET /api/v2/admin/security-roles: the list with the screen's parameters (q, sortBy, sortType, page). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, securityRoleRoutes.securityRoles);
  const options = securityRoleListOptionsOf(new URL(request.url).searchParams);
  const list = await listSecurityRoles(db(), options);
  return apiJson({ data: { items: list.rows, total: list.total, page: list.page, pageCount: list.pageCount } });
}

/**
 * POST /api/v2/admin/security-roles: create, with admin:securityRoles:write; the editor's schema
 * and rules (granting more than the caller may is a 403, issue #30 §3).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, SECURITY_ROLES_WRITE);
  const locale = await localeOf(request);
  const parsed = securityRoleSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await createSecurityRole(db(), user, parsed.data);
  if (outcome.kind !== "created") return securityRoleRefusal(outcome, locale);
  return apiJson({ data: await getSecurityRole(db(), outcome.id) }, { status: 201 });
}
