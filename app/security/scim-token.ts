import { isApiClientId } from "./api-client-credentials";

/**
 * A SCIM connection's bearer token (issue #36, ADR 40): Okta and Entra take one long-lived token
 * rather than fetching tokens by client credentials, so the token is the client's id and secret
 * together. The portal keeps no more of it than of the secret (its hash); a rotation gives a new
 * token, and the previous one lives as long as the previous secret.
 */
const PREFIX = "scim.";

export function scimTokenOf(clientId: string, secret: string): string {
  return `${PREFIX}${clientId}.${secret}`;
}

/** The client id and secret a SCIM token carries, or null when it is not one. */
export function scimTokenParts(token: string): { clientId: string; secret: string } | null {
  if (!token.startsWith(PREFIX) || token.length > 300) return null;
  const rest = token.slice(PREFIX.length);
  const dot = rest.indexOf(".");
  if (dot < 0) return null;
  const clientId = rest.slice(0, dot);
  const secret = rest.slice(dot + 1);
  return isApiClientId(clientId) && /^[A-Za-z0-9_-]{1,200}$/.test(secret) ? { clientId, secret } : null;
}
