import { createHash } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";

/*
 * Bearer tokens of an external identity provider (issue #35 §4): a JWT is verified here against
 * the issuer's key set (fetched once, fetched again when a token names a key it does not hold),
 * its issuer, audience, lifetime and scopes checked; an opaque token is asked about at the
 * issuer's introspection endpoint, and the answer kept a short while. No call per request.
 */

/** What the portal needs to know of an issuer to take its access tokens. */
export interface BearerIssuer {
  issuer: string;
  jwksUri?: string;
  introspectionEndpoint?: string;
  /** The audience the tokens must be for. */
  audience: string;
  /** Scopes every token must carry. */
  requiredScopes: readonly string[];
  /** The portal's client, to authenticate at the introspection endpoint. */
  clientId: string;
  clientSecret: string;
}

/** Who a verified token is for: its subject and, when it says, the e-mail. */
export interface BearerClaims {
  sub: string;
  email?: string;
}

/** A compact JWS: three base64url parts (an opaque token is anything else). */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/** A token's scopes: Okta's `scp` array, or the RFC 8693/9068 `scope` string. */
export function scopesOf(claims: Record<string, unknown>): string[] {
  if (Array.isArray(claims.scp)) return claims.scp.filter((scope): scope is string => typeof scope === "string");
  if (typeof claims.scope === "string") return claims.scope.split(" ").filter(Boolean);
  return [];
}

export function carriesScopes(claims: Record<string, unknown>, required: readonly string[]): boolean {
  const held = new Set(scopesOf(claims));
  return required.every((scope) => held.has(scope));
}

/** The subject and e-mail of verified claims (Okta puts the login, an e-mail, in `sub`). */
export function bearerClaimsOf(claims: { sub?: unknown; email?: unknown; username?: unknown }): BearerClaims | null {
  if (typeof claims.sub !== "string" || !claims.sub) return null;
  const email =
    typeof claims.email === "string"
      ? claims.email
      : typeof claims.username === "string" && claims.username.includes("@")
        ? claims.username
        : claims.sub.includes("@")
          ? claims.sub
          : undefined;
  return { sub: claims.sub, ...(email ? { email } : {}) };
}

/** How the key sets are fetched: their lifetime, and the least time between two fetches for an unknown key. */
export interface KeySetOptions {
  cacheMaxAge: number;
  cooldownDuration: number;
}

const DEFAULT_KEY_SET_OPTIONS: KeySetOptions = { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 };
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(uri: string, options: KeySetOptions) {
  const key = `${uri} ${options.cacheMaxAge} ${options.cooldownDuration}`;
  let keySet = keySets.get(key);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(uri), { ...options, timeoutDuration: 5_000 });
    keySets.set(key, keySet);
  }
  return keySet;
}

/** Introspection answers kept (by the token's hash), a short while and at most so many. */
const INTROSPECTION_CACHE_MS = 60_000;
const INTROSPECTION_CACHE_SIZE = 10_000;
const introspected = new Map<string, { until: number; claims: BearerClaims | null }>();

/** How long an introspection answer may be kept: a minute, never past the token's own expiry. */
export function keepIntrospectionUntil(now: number, expiresAtSeconds: unknown): number {
  const limit = now + INTROSPECTION_CACHE_MS;
  return typeof expiresAtSeconds === "number" ? Math.min(limit, expiresAtSeconds * 1000) : limit;
}

function audienceHolds(aud: unknown, audience: string): boolean {
  return aud === undefined || aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

async function introspect(token: string, issuer: BearerIssuer, now: number): Promise<BearerClaims | null> {
  const id = createHash("sha256").update(token).digest("base64url");
  const kept = introspected.get(id);
  if (kept && kept.until > now) return kept.claims;
  const response = await fetch(issuer.introspectionEndpoint!, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      Authorization: `Basic ${Buffer.from(
        `${encodeURIComponent(issuer.clientId)}:${encodeURIComponent(issuer.clientSecret)}`,
      ).toString("base64")}`,
    },
    body: new URLSearchParams({ token, token_type_hint: "access_token" }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) return null;
  const answer = (await response.json()) as JWTPayload & { active?: boolean; username?: string };
  const claims =
    answer.active === true &&
    (answer.iss === undefined || answer.iss === issuer.issuer) &&
    audienceHolds(answer.aud, issuer.audience) &&
    carriesScopes(answer, issuer.requiredScopes)
      ? bearerClaimsOf(answer)
      : null;
  if (introspected.size >= INTROSPECTION_CACHE_SIZE) introspected.clear();
  introspected.set(id, { until: keepIntrospectionUntil(now, answer.exp), claims });
  return claims;
}

/** Who an external issuer's access token is for, or null when it does not hold (never throws). */
export async function verifyBearerToken(
  token: string,
  issuer: BearerIssuer,
  options: { keySet?: KeySetOptions; now?: number } = {},
): Promise<BearerClaims | null> {
  try {
    if (looksLikeJwt(token) && issuer.jwksUri) {
      const { payload } = await jwtVerify(token, keySetOf(issuer.jwksUri, options.keySet ?? DEFAULT_KEY_SET_OPTIONS), {
        issuer: issuer.issuer,
        audience: issuer.audience,
        clockTolerance: 30,
      });
      return carriesScopes(payload, issuer.requiredScopes) ? bearerClaimsOf(payload) : null;
    }
    if (issuer.introspectionEndpoint) return await introspect(token, issuer, options.now ?? Date.now());
    return null;
  } catch {
    // A bad signature, another issuer or audience, an expired token, an issuer that does not answer.
    return null;
  }
}
