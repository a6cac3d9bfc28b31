import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import type { OAuth2Tokens } from "arctic";
import { getConfig } from "~/config.server";
import { isBrand3Host } from "./brand-host";
import { callbackPath } from "./callback-base";

/** The scopes the portal asks for (SPEC §7 Authentication). */
export const PORTAL_SCOPES = [
  "ngpassport",
  "account:read",
  "api:iam",
  "api:dp",
  "api:asset",
  "content:read",
  "contact:read",
  "dealer",
  "email",
  "equipment:read",
  "feedback:read",
  "groups",
  "iot:read",
  "openid",
  "passport:read",
  "passport:self",
  "product:read",
  "profile",
  "subscriptions:read",
  "api:dms",
  "api:partsportal",
  "api:opc",
  "offline_access",
] as const;

export type IssuerKey = "default" | "brand3";

export interface IssuerEndpoints {
  issuer: string;
  authorization: string;
  token: string;
  endSession?: string;
  revocation?: string;
  /** The issuer's key set and introspection endpoint: an external issuer's bearer tokens are checked with them (issue #35 §4). */
  jwks?: string;
  introspection?: string;
}

/** The issuer for a request: the third brand's host uses its own when configured. */
export function issuerKeyFor(request: Request): IssuerKey {
  const config = getConfig();
  const host = new URL(request.url).host;
  return config.OIDC_ISSUER_BRAND3 && isBrand3Host(host, config.BRAND3_HOST_MARKER) ? "brand3" : "default";
}

function issuerUrl(key: IssuerKey): string {
  const config = getConfig();
  if (key === "brand3" && config.OIDC_ISSUER_BRAND3) return config.OIDC_ISSUER_BRAND3;
  return config.OIDC_ISSUER ?? `${config.PUBLIC_URL}/oidc`;
}

const endpointCache = new Map<IssuerKey, Promise<IssuerEndpoints>>();

/** Endpoints from the issuer's discovery document (fetched once per issuer). */
export function issuerEndpoints(key: IssuerKey): Promise<IssuerEndpoints> {
  let pending = endpointCache.get(key);
  if (!pending) {
    pending = discover(issuerUrl(key));
    pending.catch(() => endpointCache.delete(key));
    endpointCache.set(key, pending);
  }
  return pending;
}

async function discover(issuer: string): Promise<IssuerEndpoints> {
  const config = getConfig();
  if (config.embeddedIdp && issuer === `${config.PUBLIC_URL}/oidc`) {
    // The embedded provider's routes are fixed; no need to call ourselves for discovery.
    return {
      issuer,
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      endSession: `${issuer}/session/end`,
      revocation: `${issuer}/token/revocation`,
    };
  }
  const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Discovery failed for the identity provider (${response.status})`);
  const doc = (await response.json()) as Record<string, string>;
  return {
    issuer: doc.issuer,
    authorization: doc.authorization_endpoint,
    token: doc.token_endpoint,
    endSession: doc.end_session_endpoint,
    revocation: doc.revocation_endpoint,
    jwks: doc.jwks_uri,
    introspection: doc.introspection_endpoint,
  };
}

/**
 * The portal's own public origin for a request: the third brand's address when the request came
 * there (PUBLIC_URL_BRAND3), else PUBLIC_URL. Never the raw Host header, which a client controls.
 */
export function publicOriginFor(request: Request): string {
  const config = getConfig();
  const requestOrigin = new URL(request.url).origin;
  if (config.PUBLIC_URL_BRAND3 && requestOrigin === new URL(config.PUBLIC_URL_BRAND3).origin) return requestOrigin;
  return config.PUBLIC_URL;
}

/**
 * A code + PKCE (S256) strategy whose redirect URI follows the callback-base rule. For a
 * refresh, no scope is sent (RFC 6749 §6: the grant's own scopes), since the provider may have
 * granted fewer than asked (offline_access) and refuses a refresh asking for more.
 */
export async function strategyFor(
  request: Request,
  pathname = new URL(request.url).pathname,
  purpose: "sign-in" | "refresh" = "sign-in",
) {
  const config = getConfig();
  const key = issuerKeyFor(request);
  const endpoints = await issuerEndpoints(key);
  const origin = publicOriginFor(request);
  return {
    key,
    endpoints,
    strategy: new OAuth2Strategy<OAuth2Tokens>(
      {
        cookie: {
          name: "oauth2",
          httpOnly: true,
          sameSite: "Lax",
          path: "/",
          ...(origin.startsWith("https://") ? { secure: true as const } : {}),
        },
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        authorizationEndpoint: endpoints.authorization,
        tokenEndpoint: endpoints.token,
        tokenRevocationEndpoint: endpoints.revocation,
        redirectURI: `${origin}${callbackPath(pathname, config.CALLBACK_BASE)}`,
        scopes: purpose === "refresh" ? [] : [...PORTAL_SCOPES],
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      async ({ tokens }) => tokens,
    ),
  };
}
