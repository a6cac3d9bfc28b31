import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { scimAnswer, scimBody, scimJson } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";
import { scimListParametersOf } from "~/scim/list-query";
import { projected } from "~/scim/projection";
import { scimBaseOf } from "~/scim/scim-schemas";
import { changeScimGroup, getScimGroup } from "~/scim/scim-groups.server";

function roleIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647) throw new ScimError(404, "scim.errors.notFound");
  return Number(raw);
}

/** GET /scim/v2/Groups/{id}: a role this connection may assign, with its members at the connection's locations. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const query = scimListParametersOf(new URL(request.url).searchParams);
    const withMembers = !query.excludedAttributes.some((name) => name.toLowerCase() === "members");
    const group = await getScimGroup(
      db(),
      caller,
      roleIdOf(params.id),
      scimBaseOf(getConfig().PUBLIC_URL),
      withMembers,
    );
    return scimJson(projected(group, query.attributes, query.excludedAttributes));
  });
}

/** PATCH changes members, PUT sets them all (the name stays the portal's); DELETE is refused: roles live in the portal. */
export function action({ request, params }: ActionFunctionArgs) {
  return scimAnswer(request, async (caller) => {
    const id = roleIdOf(params.id);
    const method = request.method.toUpperCase();
    if (method === "DELETE") throw new ScimError(403, "scim.errors.groupsFixed");
    if (method !== "PATCH" && method !== "PUT") throw new ScimError(405, "scim.errors.method");
    const body = await scimBody(request);
    await changeScimGroup(db(), caller, id, { kind: method === "PUT" ? "replace" : "patch", body });
    // Okta and Entra read nothing from a PATCH's answer; a PUT answers the group, as RFC 7644 §3.5.1 asks.
    if (method === "PATCH") return new Response(null, { status: 204 });
    return scimJson(await getScimGroup(db(), caller, id, scimBaseOf(getConfig().PUBLIC_URL)));
  });
}
