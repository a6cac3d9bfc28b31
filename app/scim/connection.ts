import { scimTokenOf } from "~/security/scim-token";
import { scimBaseOf } from "./scim-schemas";

/** What an administrator pastes into Okta or Entra for a SCIM connection: the base URL and the token (shown once, with the secret). */
export function scimConnectionOf(
  publicUrl: string,
  clientId: string,
  secret: string,
): { baseUrl: string; token: string } {
  return { baseUrl: scimBaseOf(publicUrl), token: scimTokenOf(clientId, secret) };
}
