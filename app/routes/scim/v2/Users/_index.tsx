import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { scimAnswer, scimBody, scimJson } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";
import { scimListParametersOf } from "~/scim/list-query";
import { projected } from "~/scim/projection";
import { listResponseOf, scimBaseOf } from "~/scim/scim-schemas";
import { createScimUser, listScimUsers } from "~/scim/scim-users.server";

/** GET /scim/v2/Users: the users at the connection's locations, filtered, sorted and paged in SQL. */
export function loader({ request }: LoaderFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const params = scimListParametersOf(new URL(request.url).searchParams);
    const { total, resources } = await listScimUsers(db(), caller, params, scimBaseOf(getConfig().PUBLIC_URL));
    const shown = resources.map((resource) => projected(resource, params.attributes, params.excludedAttributes));
    return scimJson(listResponseOf(total, params.startIndex, shown));
  });
}

/** POST /scim/v2/Users: a new user (201, its Location and version). */
export function action({ request }: ActionFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    if (request.method !== "POST") throw new ScimError(405, "scim.errors.method");
    const config = getConfig();
    const made = await createScimUser(db(), caller, await scimBody(request), {
      publicUrl: config.PUBLIC_URL,
      verify: config.embeddedIdp,
      base: scimBaseOf(config.PUBLIC_URL),
    });
    const meta = made.meta as { location: string; version: string };
    return scimJson(made, 201, { Location: meta.location, ETag: meta.version });
  });
}
