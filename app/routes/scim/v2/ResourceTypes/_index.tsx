import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { scimJson, scimPublicAnswer } from "~/auth/scim-answer.server";
import { listResponseOf, resourceTypes, scimBaseOf } from "~/scim/scim-schemas";

/** GET /scim/v2/ResourceTypes: User and Group. */
export function loader({ request }: LoaderFunctionArgs) {
  const types = resourceTypes(scimBaseOf(getConfig().PUBLIC_URL));
  return scimPublicAnswer(request, () => scimJson(listResponseOf(types.length, 1, types)));
}
