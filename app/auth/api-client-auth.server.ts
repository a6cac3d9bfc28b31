import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { apiClients, apiClientSecrets, oidcPayloads } from "~/db/schema";
import {
  apiClientStateOf,
  basicCredentialsOf,
  isApiClientId,
  secretHashOf,
  secretIsLive,
} from "~/security/api-client-credentials";

/**
 * API clients at the embedded identity provider (issue #35 §3, ADR 39). The provider compares a
 * client's secret in plain text, and the portal keeps only hashes: a step before the token
 * endpoint checks the presented secret against the client's live hashes and, when one matches,
 * hands the provider a secret derived from the server's key instead — which the provider's
 * client record holds, and which never leaves the server.
 */

/** The secret the embedded provider knows a client by (never shown, never stored). */
function providerSecretOf(clientId: string): string {
  return createHmac("sha256", getConfig().SESSION_SECRET).update(`api-client:${clientId}`).digest("base64url");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the secret opens the client now: the client is active and the secret one of its live ones. */
export async function secretOpensClient(clientId: string, secret: string, now = new Date()): Promise<boolean> {
  if (!isApiClientId(clientId) || secret.length === 0 || secret.length > 200) return false;
  const rows = await db()
    .select({
      expiresAt: apiClients.expiresAt,
      revokedAt: apiClients.revokedAt,
      secretHash: apiClientSecrets.secretHash,
      retiresAt: apiClientSecrets.retiresAt,
    })
    .from(apiClients)
    .innerJoin(apiClientSecrets, eq(apiClientSecrets.apiClientId, apiClients.id))
    .where(eq(apiClients.clientId, clientId));
  const presented = secretHashOf(secret);
  return rows.some(
    (row) => apiClientStateOf(row, now) === "active" && secretIsLive(row, now) && sameHash(row.secretHash, presented),
  );
}

/**
 * The token request as the provider should see it: an API client's Basic credentials with the
 * provider's own secret when the presented one opens the client, else with one that cannot (the
 * provider then answers `invalid_client`, as for any wrong secret). Null: not an API client's.
 */
export async function tokenRequestAuthorization(header: string | undefined): Promise<string | null> {
  const credentials = basicCredentialsOf(header);
  if (!credentials || !isApiClientId(credentials.id)) return null;
  const opens = await secretOpensClient(credentials.id, credentials.secret);
  const secret = opens ? providerSecretOf(credentials.id) : "-";
  return `Basic ${Buffer.from(`${encodeURIComponent(credentials.id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

/** The provider's record of an active API client (client credentials only), or undefined. */
export async function providerClientOf(clientId: string): Promise<Record<string, unknown> | undefined> {
  if (!(await activeApiClient(clientId))) return undefined;
  return {
    client_id: clientId,
    client_secret: providerSecretOf(clientId),
    grant_types: ["client_credentials"],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: "client_secret_basic",
  };
}

/** An active API client as the API acts for it (the request scope keeps what it narrows by: `ActingApiClient`). */
export interface ApiClientRecord {
  id: number;
  clientId: string;
  name: string;
  createdBy: number;
  scopes: string[];
  locationIds: number[];
  scimRoleId: number | null;
}

/** The active API client of a client id, or null (unknown, expired, revoked). */
export async function activeApiClient(clientId: string, now = new Date()): Promise<ApiClientRecord | null> {
  if (!isApiClientId(clientId)) return null;
  const [client] = await db().select().from(apiClients).where(eq(apiClients.clientId, clientId));
  if (!client || apiClientStateOf(client, now) !== "active") return null;
  return {
    id: client.id,
    clientId: client.clientId,
    name: client.name,
    createdBy: client.createdBy,
    scopes: client.scopes,
    locationIds: client.locationIds,
    scimRoleId: client.scimRoleId,
  };
}

/** Ends every token the provider issued to a client (revocation: the next call is refused). */
export async function endClientTokens(clientId: string): Promise<void> {
  await db()
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "ClientCredentials"), sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`));
}
