import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { MAX_TEXT_LENGTH } from "~/limits";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { PERSON_SEARCH_LIMIT, searchDirectoryPeople } from "~/directory/directory.server";
import { directoryContextOf } from "~/directory/rules";

const wholeNumber = (raw: string | null) => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** GET /api/v2/admin/directory-data/{context}/identities-search?orgId&directoryDataTypeId&text&limit (SPEC §7): `data.items`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, USERS_LIFECYCLE);
  if (!directoryContextOf(params.context)) return apiError(404, "Not Found");
  const query = new URL(request.url).searchParams;
  const orgId = wholeNumber(query.get("orgId"));
  if (orgId === null) return apiError(400, "orgId: a location id");
  const limit = wholeNumber(query.get("limit")) ?? PERSON_SEARCH_LIMIT;
  const text = (query.get("text") ?? "").slice(0, MAX_TEXT_LENGTH);
  return apiJson({ data: { items: await searchDirectoryPeople(db(), user, { orgId, text, limit }) } });
}
