import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { permissionSetRoutes } from "~/permission-sets/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { permissionSetSchema } from "~/permission-sets/schema";
import {
  createPermissionSet,
  getPermissionSet,
  listPermissionSets,
  permissionSetListOptionsOf,
} from "~/permission-sets/permission-sets.server";
import { permissionSetRefusal } from "~/permission-sets/api-replies.server";

/** GET /api/v2/admin/permission-sets: the list with the screen's parameters (q, sortBy, sortType, page). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccessLike(request, permissionSetRoutes.permissionSets);
  const options = permissionSetListOptionsOf(new URL(request.url).searchParams);
  const list = await listPermissionSets(db(), options);
  return apiJson({ data: { items: list.rows, total: list.total, page: list.page, pageCount: list.pageCount } });
}

/**
 * POST /api/v2/admin/permission-sets: create, with admin:permissionSets:write; the editor's schema
 * and rules (roles the caller may not offer are a 403, issue #30 §3).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, PERMISSION_SETS_WRITE);
  const locale = await localeOf(request);
  const parsed = permissionSetSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await createPermissionSet(db(), user, parsed.data);
  if (outcome.kind !== "created") return permissionSetRefusal(outcome, locale);
  return apiJson({ data: await getPermissionSet(db(), outcome.id) }, { status: 201 });
}
