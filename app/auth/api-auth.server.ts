import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { satisfiesRule, type FeatureRule } from "~/security/feature-rule";
import type { RouteAccess } from "~/permissions/route-rules";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import { identityClaims, identityForSignIn } from "~/auth/identity.server";
import { oncePerRequest } from "~/server-context/request-scope.server";
import { embeddedProvider } from "./identity-provider.server";
import { issuerEndpoints, issuerKeyFor, type IssuerKey } from "./oidc-client.server";
import { verifyBearerToken } from "./bearer-tokens.server";
import { optionalUser, portalUserFrom, type PortalUser } from "./user.server";
import { brandHostMismatch, isBrand3Host } from "./brand-host";
import { RateWindow } from "~/security/rate-window";
import { sharedRateCounter, type RateCounter } from "~/security/shared-rate.server";
import { apiError } from "~/api/replies.server";
import { rateLimitRefusals } from "~/server-context/metrics.server";
import { actAsApiClient } from "~/server-context/acting-api-client.server";
import { clientMayCall, featuresOfClient, opensScim, rateLimitKeyOf } from "~/permissions/api-client-scopes";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { scimTokenParts } from "~/security/scim-token";
import { activeApiClient, secretOpensClient, type ApiClientRecord } from "./api-client-auth.server";

/** The identity behind a bearer access token: the embedded provider's token store, or the external issuer's checked token. */
async function identityIdForBearer(token: string, key: IssuerKey): Promise<number | null> {
  const config = getConfig();
  if (config.embeddedIdp) {
    const found = await embeddedProvider().AccessToken.find(token);
    if (!found || found.isExpired || !found.accountId) return null;
    const id = Number(found.accountId);
    return Number.isInteger(id) ? id : null;
  }
  // Discovery is cached per issuer, the key set per issuer too: no call to the issuer per request.
  const endpoints = await issuerEndpoints(key);
  const claims = await verifyBearerToken(token, {
    issuer: endpoints.issuer,
    jwksUri: endpoints.jwks,
    introspectionEndpoint: endpoints.introspection,
    audience: config.OIDC_API_AUDIENCE ?? config.OIDC_CLIENT_ID,
    requiredScopes: config.OIDC_API_SCOPES.split(" ").filter(Boolean),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
  });
  if (!claims) return null;
  const identity = await identityForSignIn(db(), claims, false);
  return identity?.id ?? null;
}

/** The caller behind a bearer token; like a session, refused on a host that does not serve their brands. */
async function bearerUser(token: string, request: Request): Promise<PortalUser | null> {
  if (scimTokenParts(token)) return apiClientUser(token, request);
  const identityId = await identityIdForBearer(token, issuerKeyFor(request));
  if (identityId === null) return apiClientUser(token, request);
  const [profile, claims] = await Promise.all([loadAccessProfile(db(), identityId), identityClaims(db(), identityId)]);
  if (!profile || !claims || wrongBrandHost(request, profile)) return null;
  return portalUserFrom(identityId, claims, profile);
}

function wrongBrandHost(request: Request, profile: { access: { brands: { id: number }[] } }): boolean {
  return brandHostMismatch(
    isBrand3Host(new URL(request.url).host, getConfig().BRAND3_HOST_MARKER),
    profile.access.brands.map((b) => b.id),
  );
}

/**
 * The caller behind an API client's token (issue #35 §3): its creator as they stand now, with the
 * features of the client's scopes they hold and none of their required actions (a machine has no
 * password to change), acting for the client — which narrows the request's locations and names
 * the client in its audit rows. Null once the client is revoked or expired, or its creator gone.
 */
async function apiClientUser(token: string, request: Request): Promise<PortalUser | null> {
  const client = await apiClientOfToken(token);
  if (!client) return null;
  const [profile, claims] = await Promise.all([
    loadAccessProfile(db(), client.createdBy),
    identityClaims(db(), client.createdBy),
  ]);
  if (!profile || !claims || wrongBrandHost(request, profile)) return null;
  const access = {
    ...profile.access,
    features: featuresOfClient(profile.access.features, client.scopes),
    requiredActions: [],
  };
  actAsApiClient({ id: client.id, creatorId: client.createdBy, locationIds: client.locationIds });
  return {
    ...portalUserFrom(client.createdBy, claims, { ...profile, access }),
    apiClient: {
      id: client.id,
      name: client.name,
      scopes: client.scopes,
      locationIds: client.locationIds,
      scimRoleId: client.scimRoleId,
    },
  };
}

/** The active client a token stands for: an access token the provider issued it, or a SCIM connection's token (ADR 40). */
async function apiClientOfToken(token: string): Promise<ApiClientRecord | null> {
  const scim = scimTokenParts(token);
  if (scim) return (await secretOpensClient(scim.clientId, scim.secret)) ? activeApiClient(scim.clientId) : null;
  // Access tokens of API clients come from the embedded provider only; a SCIM token works with any issuer.
  if (!getConfig().embeddedIdp) return null;
  const found = await embeddedProvider().ClientCredentials.find(token);
  if (!found || found.isExpired || !found.clientId) return null;
  return activeApiClient(found.clientId);
}

/** The caller of an API request, by `Authorization: Bearer` or by session cookie; null when neither holds. */
export function apiUser(request: Request): Promise<PortalUser | null> {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) {
    const token = header.slice("Bearer ".length).trim();
    return oncePerRequest(`api-user:${token}`, () => bearerUser(token, request));
  }
  return optionalUser(request).catch(() => null);
}

// Per user, beside the server's per-address limit on /api: counted across every instance on
// PostgreSQL (issue #32 §7); PGlite belongs to one process, which counts in its memory.
let perUser: RateCounter | undefined;
function perUserLimit(): RateCounter {
  if (perUser) return perUser;
  const config = getConfig();
  if (config.DATABASE_URL) {
    perUser = sharedRateCounter("api-user", config.API_RATE_LIMIT_PER_MINUTE, 60_000, db);
  } else {
    const window = new RateWindow(config.API_RATE_LIMIT_PER_MINUTE, 60_000);
    perUser = { hit: async (key) => window.hit(key) };
  }
  return perUser;
}

/** How a refusal of the guard is answered: problem details for the API, the SCIM error schema for SCIM. */
export type Refusal = (status: 401 | 403 | 429, headers?: Record<string, string>) => Response;

const apiRefusal: Refusal = (status, headers) =>
  apiError(status, { 401: "Unauthorized", 403: "Forbidden", 429: "Too many requests" }[status], headers);

/** The caller's per-user (or per-client) count; over it, the refusal to throw. */
async function withinRateLimit(user: PortalUser, refuse: Refusal): Promise<void> {
  const verdict = await perUserLimit().hit(rateLimitKeyOf(user));
  if (verdict.allowed) return;
  rateLimitRefusals.inc({ limit: "api-user" });
  throw refuse(429, { "Retry-After": String(verdict.retryAfterSeconds) });
}

/**
 * The API caller holding the rule's features. Unlike a page there is no redirect: 401 without a
 * caller, 403 without the features — thrown, so a route's loader or action stops there.
 */
export async function requireApiFeatures(request: Request, rule: FeatureRule): Promise<PortalUser> {
  const user = await apiUser(request);
  if (!user) throw apiRefusal(401);
  await withinRateLimit(user, apiRefusal);
  if (!satisfiesRule(user.access.features, rule)) throw apiRefusal(403);
  if (user.apiClient && !clientMayCall(rule)) throw apiRefusal(403);
  return user;
}

/**
 * The SCIM connection calling (issue #36): an API client with the `scim` scope, by its SCIM token
 * or an access token; a person's session or token, or a client without the scope, is 401/403.
 */
export async function requireScimClient(request: Request, refuse: Refusal): Promise<PortalUser> {
  const header = request.headers.get("Authorization");
  const user = header?.startsWith("Bearer ") ? await apiUser(request) : null;
  if (!user?.apiClient) throw refuse(401);
  await withinRateLimit(user, refuse);
  if (!opensScim(user.apiClient.scopes) || !satisfiesRule(user.access.features, USERS_LIFECYCLE)) throw refuse(403);
  return user;
}

/** The API caller holding what the named screen's rule asks (an API is "guarded like its screen"). */
export function requireApiAccessLike(request: Request, screen: RouteAccess): Promise<PortalUser> {
  return requireApiFeatures(request, screen.rule);
}
