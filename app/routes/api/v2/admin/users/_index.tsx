import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userRoutes } from "~/users/routes";
import { requireApiAccessLike, requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { userRefusalReply } from "~/users/api-replies.server";
import { userApiSchema } from "~/users/schema";
import { draftOfInput } from "~/users/draft";
import { listUsers } from "~/users/user-list.server";
import { getManagedUser } from "~/users/users.server";
import { userListStateOf } from "~/users/list-options";
import { createUser } from "~/users/save-user.server";

/**
 * GET /api/v2/admin/users: the users of the caller's own locations with the screen's parameters
 * (q, status, userType, kind, lastLogin, sortBy, sortType, page); guarded like the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiAccessLike(request, userRoutes.users);
  const list = await listUsers(db(), user, userListStateOf(new URL(request.url).searchParams));
  // `totalCapped` is there only when the count stopped (pageOf leaves it out otherwise).
  const { rows, total, page, pageCount, totalCapped } = list;
  return apiJson({ data: { items: rows, total, page, pageCount, totalCapped } });
}

/**
 * POST /api/v2/admin/users (admin:users:write): a new user with contact data, locations (the
 * first preferred) and roles — only the caller's locations and roles they may assign. The user
 * gets the verification e-mail, as from the screen. 201 with the user.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const locale = await localeOf(request);
  const parsed = userApiSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, locale);
  const outcome = await createUser(db(), user, draftOfInput(parsed.data), getConfig().PUBLIC_URL);
  if (outcome.kind !== "created") return userRefusalReply(outcome, locale);
  return apiJson({ data: await getManagedUser(db(), user, outcome.id) }, { status: 201 });
}
