import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { scimJson, scimPublicAnswer } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";
import { schemaDocuments, scimBaseOf } from "~/scim/scim-schemas";

/** GET /scim/v2/Schemas/{urn}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return scimPublicAnswer(request, () => {
    const found = schemaDocuments(scimBaseOf(getConfig().PUBLIC_URL)).find((schema) => schema.id === params.id);
    if (!found) throw new ScimError(404, "scim.errors.notFound");
    return scimJson(found);
  });
}
