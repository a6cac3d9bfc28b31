import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userRoutes } from "~/users/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { apiIdParam } from "~/api/id-param.server";
import { recordHeaders, withIfMatch } from "~/api/etag";
import { refusalReply } from "~/api/refusal-reply.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { localeOf } from "~/i18n/i18next.server";
import { USERS_EDIT, USERS_LIFECYCLE } from "~/permissions/write-rules";
import { userRefusalReply } from "~/users/api-replies.server";
import { userPatchSchema } from "~/users/schema";
import { deleteUser } from "~/users/lifecycle.server";
import { editUser } from "~/users/save-user.server";
import { getManagedUser } from "~/users/users.server";

/** GET /api/v2/admin/users/{id}: a user of the caller's own locations; any other id is 404, never 403 (issue #14 §1). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, userRoutes.users);
  const managed = await getManagedUser(db(), user, apiIdParam(params.id));
  return managed ? apiJson({ data: managed }, { headers: recordHeaders(managed) }) : apiError(404, "Not Found");
}

/**
 * PATCH (admin:users:edit or write): any of the contact data, locations, roles, applications,
 * digital permissions (`[{ set, roles }]`) and email preferences, checked like
 * the editor's complete; with `updatedAt` a user changed since is 409; one's own privileges are
 * 403 (issue #30). DELETE (admin:users:write): the user and their assignments go, never one's own
 * account (403). Another dealer's user is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "DELETE") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, method === "DELETE" ? USERS_LIFECYCLE : USERS_EDIT);
  const id = apiIdParam(params.id);
  const locale = await localeOf(request);
  if (method === "DELETE") {
    const deleted = await deleteUser(db(), user, id);
    if (deleted.kind === "missing") return apiError(404, "Not Found");
    if (deleted.kind === "self") return refusalReply(locale, 403, "adminUsers.deleteSelf");
    return new Response(null, { status: 204 });
  }
  const parsed = userPatchSchema.safeParse(withIfMatch(await jsonBody(request), request.headers.get("If-Match")));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const { updatedAt, ...patch } = parsed.data;
  const outcome = await editUser(db(), user, id, patch, updatedAt);
  if (outcome.kind !== "saved" && outcome.kind !== "unchanged") return userRefusalReply(outcome, locale);
  const saved = await getManagedUser(db(), user, id);
  return apiJson({ data: saved }, { headers: recordHeaders(saved) });
}
