import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { scimAnswer, scimBody, scimJson } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";
import { scimListParametersOf } from "~/scim/list-query";
import { projected } from "~/scim/projection";
import { scimBaseOf } from "~/scim/scim-schemas";
import { deleteScimUser, getScimUser, writeScimUser } from "~/scim/scim-users.server";

/** A user id of the path; anything else is no user (404). */
function userIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647) throw new ScimError(404, "scim.errors.notFound");
  return Number(raw);
}

function withVersion(resource: Record<string, unknown>): Response {
  return scimJson(resource, 200, { ETag: (resource.meta as { version: string }).version });
}

/** GET /scim/v2/Users/{id}: a user at the connection's locations; another dealer's is 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const found = await getScimUser(db(), caller, userIdOf(params.id), scimBaseOf(getConfig().PUBLIC_URL));
    if (!found) throw new ScimError(404, "scim.errors.notFound");
    const query = scimListParametersOf(new URL(request.url).searchParams);
    return withVersion(projected(found, query.attributes, query.excludedAttributes));
  });
}

/** PUT replaces, PATCH changes (If-Match: 412 on an older version), DELETE deletes as the screen does. */
export function action({ request, params }: ActionFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const id = userIdOf(params.id);
    const method = request.method.toUpperCase();
    if (method === "DELETE") {
      await deleteScimUser(db(), caller, id);
      return new Response(null, { status: 204 });
    }
    if (method !== "PUT" && method !== "PATCH") throw new ScimError(405, "scim.errors.method");
    const written = await writeScimUser(
      db(),
      caller,
      id,
      {
        kind: method === "PUT" ? "replace" : "patch",
        body: await scimBody(request),
        ifMatch: request.headers.get("If-Match"),
      },
      scimBaseOf(getConfig().PUBLIC_URL),
    );
    return withVersion(written);
  });
}
