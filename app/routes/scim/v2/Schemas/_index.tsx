import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { scimJson, scimPublicAnswer } from "~/auth/scim-answer.server";
import { listResponseOf, schemaDocuments, scimBaseOf } from "~/scim/scim-schemas";

/** GET /scim/v2/Schemas: the User schema, its enterprise and portal extensions, and Group. */
export function loader({ request }: LoaderFunctionArgs) {
  const schemas = schemaDocuments(scimBaseOf(getConfig().PUBLIC_URL));
  return scimPublicAnswer(request, () => scimJson(listResponseOf(schemas.length, 1, schemas)));
}
