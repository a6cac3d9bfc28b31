import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { scimPublicAnswer } from "~/auth/scim-answer.server";
import { ScimError } from "~/api/scim-error";

function notFound(request: Request) {
  return scimPublicAnswer(request, () => {
    throw new ScimError(404, "scim.errors.notFound");
  });
}

/** Anything else under /scim/v2 (Bulk, Me, a misspelt endpoint): SCIM's 404, never the portal's page. */
export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);
