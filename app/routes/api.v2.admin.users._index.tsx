import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, requireApiAccessLike } from "~/auth/api-auth.server";
import { db } from "~/db/client.server";
import { listUsers } from "~/users/users.server";
import { userListStateOf } from "~/users/list-options";

/**
 * GET /api/v2/admin/users: the users of the caller's own locations with the screen's parameters
 * (q, status, userType, kind, lastLogin, sortBy, sortType, page); guarded like the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, "users");
  const list = await listUsers(db(), user.identityId, userListStateOf(new URL(request.url).searchParams));
  return apiJson({ data: { items: list.rows, total: list.total, page: list.page, pageCount: list.pageCount } });
}
