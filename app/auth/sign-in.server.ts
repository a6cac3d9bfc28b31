import { getConfig } from "~/config.server";
import { identityForSignIn, recordLogin } from "~/auth/identity.server";
import { db } from "~/db/client.server";
import { readIdTokenClaims } from "./id-token";
import type { IssuerEndpoints, IssuerKey } from "./oidc-client.server";
import type { SessionData } from "./session.server";

interface TokenSet {
  accessToken(): string;
  accessTokenExpiresAt(): Date;
  hasRefreshToken(): boolean;
  refreshToken(): string;
  idToken(): string;
  hasScopes(): boolean;
  scopes(): string[];
}

/**
 * Turns tokens from the identity provider into portal session data: the ID token's claims,
 * and the identity they name (by subject on the embedded provider, by e-mail on an external one).
 * Throws when the identity is unknown or inactive.
 */
export async function sessionDataFromTokens(
  tokens: TokenSet,
  key: IssuerKey,
  endpoints: IssuerEndpoints,
): Promise<SessionData> {
  const config = getConfig();
  const idToken = tokens.idToken();
  const claims = readIdTokenClaims(idToken, { issuer: endpoints.issuer, clientId: config.OIDC_CLIENT_ID });
  const identity = await identityForSignIn(db(), claims, config.embeddedIdp && key === "default");
  if (!identity) throw new Error("The signed-in account is not an active portal user");
  await recordLogin(db(), identity.id);
  return {
    identityId: identity.id,
    issuer: key,
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : undefined,
    idToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt().getTime(),
    // The provider names the scopes only when it granted other than asked (RFC 6749 §5.1).
    scopes: tokens.hasScopes() ? tokens.scopes() : undefined,
    claims,
  };
}
