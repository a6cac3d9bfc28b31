import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { scimJson, scimPublicAnswer } from "~/auth/scim-answer.server";
import { scimBaseOf, serviceProviderConfig } from "~/scim/scim-schemas";

/** GET /scim/v2/ServiceProviderConfig: what the SCIM service supports (no caller needed: it tells nothing of anyone). */
export function loader({ request }: LoaderFunctionArgs) {
  const { PUBLIC_URL } = getConfig();
  return scimPublicAnswer(request, () =>
    scimJson(serviceProviderConfig(scimBaseOf(PUBLIC_URL), `${PUBLIC_URL}/api/docs#scim`)),
  );
}
