import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf } from "~/i18n/i18next.server";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { saveDirectorySelections } from "~/directory/directory.server";
import { directoryContextOf } from "~/directory/rules";
import { directorySaveSchema } from "~/directory/schema";

export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * POST /api/v2/admin/directory-data/{context}/selections (SPEC §7): a location's choices; a
 * location or configuration not the caller's is 404, a role or person that does not belong there 400.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  const context = directoryContextOf(params.context);
  if (!context) return apiError(404, "Not Found");
  const parsed = directorySaveSchema.safeParse(await jsonBody(request));
  if (!parsed.success) return validationReply(parsed.error, await localeOf(request));
  const outcome = await saveDirectorySelections(db(), user, context, parsed.data);
  if (outcome.kind === "missing") return apiError(404, "Not Found");
  if (outcome.kind === "invalid") return apiError(400, "A role or person does not belong to this location");
  return apiJson({ data: { changed: outcome.changed } });
}
