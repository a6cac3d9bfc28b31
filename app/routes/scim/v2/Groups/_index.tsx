import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { scimAnswer, scimJson } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";
import { scimListParametersOf } from "~/scim/list-query";
import { projected } from "~/scim/projection";
import { listResponseOf, scimBaseOf } from "~/scim/scim-schemas";
import { listScimGroups } from "~/scim/scim-groups.server";

/** GET /scim/v2/Groups: the roles this connection may assign (filter on displayName or id), members unless excluded. */
export function loader({ request }: LoaderFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const params = scimListParametersOf(new URL(request.url).searchParams);
    const withMembers =
      !params.excludedAttributes.some((name) => name.toLowerCase() === "members") &&
      (params.attributes.length === 0 || params.attributes.some((name) => name.toLowerCase().startsWith("members")));
    const { total, resources } = await listScimGroups(
      db(),
      caller,
      { ...params, withMembers },
      scimBaseOf(getConfig().PUBLIC_URL),
    );
    const shown = resources.map((resource) => projected(resource, params.attributes, params.excludedAttributes));
    return scimJson(listResponseOf(total, params.startIndex, shown));
  });
}

/** POST /scim/v2/Groups: roles are made in the portal; link the identity provider's group to an existing one. */
export function action({ request }: ActionFunctionArgs) {
  return scimAnswer(request, () => {
    if (request.method !== "POST") throw new ScimError(405, "scim.errors.method");
    throw new ScimError(403, "scim.errors.groupsFixed");
  });
}
