import { and, count, desc, eq, gt, gte, inArray, isNull, ne, or } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { apiClients, apiClientSecrets, auditLog, organizations, securityRoles } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import type { Actor } from "~/permissions/actor";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { locationsRefused, opensScim, scopesOffered, scopesRefused } from "~/permissions/api-client-scopes";
import { editorChoices } from "~/users/editor-choices.server";
import { roleAssignableBy } from "~/users/role-membership.server";
import { API_CLIENT_ROTATION_HOURS, API_CLIENTS_PER_CREATOR } from "~/limits";
import {
  apiClientStateOf,
  newApiClientId,
  newApiClientSecret,
  secretHashOf,
  secretHintOf,
  secretIsLive,
  type ApiClientState,
} from "~/security/api-client-credentials";
import type { ApiClientInput } from "./schema";

/** The audit entity of API clients (their creation, rotations, revocation and calls). */
export const API_CLIENT_AUDIT_ENTITY = "apiClient";

export interface ApiClientSummary {
  id: number;
  clientId: string;
  name: string;
  scopes: string[];
  locations: { id: number; name: string }[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  state: ApiClientState;
}

export interface ApiClientDetail extends ApiClientSummary {
  secrets: { id: number; hint: string; createdAt: Date; retiresAt: Date | null; live: boolean }[];
  calls: ApiClientCall[];
  /** A SCIM connection's role for new users (null: none, or no SCIM scope). */
  scimRole: { id: number; name: string } | null;
  /** The latest refused calls (status 400 and above). */
  failedCalls: ApiClientCall[];
}

export interface ApiClientCall {
  id: number;
  call: string;
  status: string | null;
  at: Date;
}

/** What the administrator may give a client: the scopes and their own dealer locations, by name. */
export async function apiClientChoices(database: Executor, actor: Actor) {
  const own = await locationIdsOf(database, actor.identityId);
  const locations = own.length
    ? await database
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, own))
        .orderBy(organizations.name)
    : [];
  const roles = (await editorChoices(database, actor)).roles.map((role) => ({ id: role.id, name: role.displayName }));
  return { scopes: scopesOffered(actor.access.features), locations, roles };
}

async function namesOf(database: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await database
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The administrator's own API clients, newest first: a client belongs to the one who made it. */
export async function listApiClients(database: Executor, actor: Actor, now = new Date()): Promise<ApiClientSummary[]> {
  const rows = await database
    .select()
    .from(apiClients)
    .where(eq(apiClients.createdBy, actor.identityId))
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
  const names = await namesOf(database, [...new Set(rows.flatMap((row) => row.locationIds))]);
  return rows.map((row) => summaryOf(row, names, now));
}

function summaryOf(row: typeof apiClients.$inferSelect, names: Map<number, string>, now: Date): ApiClientSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    scopes: row.scopes,
    locations: row.locationIds.map((id) => ({ id, name: names.get(id) ?? String(id) })),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    state: apiClientStateOf(row, now),
  };
}

async function ownClient(database: Executor, actor: Actor, id: number) {
  const [row] = await database
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, id), eq(apiClients.createdBy, actor.identityId)));
  return row;
}

/** One of the administrator's API clients with its secrets (hints only) and latest calls; null when not theirs. */
export async function apiClientDetail(
  database: Executor,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<ApiClientDetail | null> {
  const row = await ownClient(database, actor, id);
  if (!row) return null;
  const callsOf = (failedOnly: boolean) =>
    database
      .select({ id: auditLog.id, call: auditLog.field, status: auditLog.newValue, at: auditLog.changedOn })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, API_CLIENT_AUDIT_ENTITY),
          eq(auditLog.entityId, id),
          eq(auditLog.operation, "call"),
          failedOnly ? gte(auditLog.newValue, "400") : undefined,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(20);
  const [secrets, calls, failed, names, role] = await Promise.all([
    database
      .select()
      .from(apiClientSecrets)
      .where(eq(apiClientSecrets.apiClientId, id))
      .orderBy(desc(apiClientSecrets.createdAt), desc(apiClientSecrets.id)),
    callsOf(false),
    callsOf(true),
    namesOf(database, row.locationIds),
    row.scimRoleId === null
      ? []
      : database
          .select({ id: securityRoles.id, name: securityRoles.displayName })
          .from(securityRoles)
          .where(eq(securityRoles.id, row.scimRoleId)),
  ]);
  const callOf = (call: (typeof calls)[number]) => ({
    id: call.id,
    call: call.call ?? "",
    status: call.status,
    at: call.at,
  });
  return {
    ...summaryOf(row, names, now),
    secrets: secrets.map((secret) => ({
      id: secret.id,
      hint: secret.hint,
      createdAt: secret.createdAt,
      retiresAt: secret.retiresAt,
      live: secretIsLive(secret, now),
    })),
    calls: calls.map(callOf),
    failedCalls: failed.map(callOf),
    scimRole: opensScim(row.scopes) ? (role[0] ?? null) : null,
  };
}

export type CreateOutcome =
  | { kind: "created"; id: number; clientId: string; secret: string }
  | { kind: "refused"; reason: "scopesNotYours" | "locationsNotYours" | "tooMany" | "roleNotYours" };

/**
 * A new API client (issue #35 §3): within its creator's features and locations, with a secret
 * shown this once.
 */
export async function createApiClient(database: Database, actor: Actor, input: ApiClientInput): Promise<CreateOutcome> {
  if (scopesRefused(input.scopes, actor.access.features).length > 0)
    return { kind: "refused", reason: "scopesNotYours" };
  const own = await locationIdsOf(database, actor.identityId);
  if (locationsRefused(input.locationIds, own).length > 0) return { kind: "refused", reason: "locationsNotYours" };
  const scimRoleId = opensScim(input.scopes) ? (input.scimRoleId ?? null) : null;
  if (scimRoleId !== null && !(await roleAssignableBy(database, actor, scimRoleId)))
    return { kind: "refused", reason: "roleNotYours" };
  return database.transaction(async (tx) => {
    const [{ held }] = await tx
      .select({ held: count() })
      .from(apiClients)
      .where(and(eq(apiClients.createdBy, actor.identityId), isNull(apiClients.revokedAt)));
    if (held >= API_CLIENTS_PER_CREATOR) return { kind: "refused", reason: "tooMany" } as const;
    const clientId = newApiClientId();
    const secret = newApiClientSecret();
    const [row] = await tx
      .insert(apiClients)
      .values({
        clientId,
        name: input.name,
        scopes: input.scopes,
        locationIds: input.locationIds,
        createdBy: actor.identityId,
        expiresAt: input.expiresOn,
        scimRoleId,
      })
      .returning({ id: apiClients.id });
    await tx
      .insert(apiClientSecrets)
      .values({ apiClientId: row.id, secretHash: secretHashOf(secret), hint: secretHintOf(secret) });
    await recordAudit(tx, {
      entity: API_CLIENT_AUDIT_ENTITY,
      entityId: row.id,
      operation: "create",
      changes: [
        { field: "name", oldValue: null, newValue: input.name },
        { field: "scopes", oldValue: null, newValue: input.scopes.join(" ") },
        { field: "locations", oldValue: null, newValue: input.locationIds.join(" ") },
        { field: "expiresAt", oldValue: null, newValue: input.expiresOn.toISOString() },
        ...(scimRoleId !== null ? [{ field: "scimRole", oldValue: null, newValue: String(scimRoleId) }] : []),
      ],
      actorId: actor.identityId,
    });
    return { kind: "created", id: row.id, clientId, secret } as const;
  });
}

/**
 * A new secret for the client; the live ones keep working for a day beside it (two live during
 * a rotation), unless retired at once. Null when the client is not the actor's or not active.
 */
export async function rotateApiClientSecret(
  database: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ secret: string } | null> {
  const row = await ownClient(database, actor, id);
  if (!row || apiClientStateOf(row, now) !== "active") return null;
  const secret = newApiClientSecret();
  const retiresAt = new Date(now.getTime() + API_CLIENT_ROTATION_HOURS * 3_600_000);
  await database.transaction(async (tx) => {
    await tx
      .update(apiClientSecrets)
      .set({ retiresAt })
      .where(
        and(
          eq(apiClientSecrets.apiClientId, id),
          or(isNull(apiClientSecrets.retiresAt), gt(apiClientSecrets.retiresAt, retiresAt)),
        ),
      );
    await tx
      .insert(apiClientSecrets)
      .values({ apiClientId: id, secretHash: secretHashOf(secret), hint: secretHintOf(secret) });
    await recordAudit(tx, {
      entity: API_CLIENT_AUDIT_ENTITY,
      entityId: id,
      operation: "update",
      changes: [{ field: "secret", oldValue: null, newValue: `…${secretHintOf(secret)}` }],
      actorId: actor.identityId,
    });
  });
  return { secret };
}

/** Retires every secret but the newest at once (after a rotation, once the system uses the new one). */
export async function retirePreviousSecrets(database: Database, actor: Actor, id: number, now = new Date()) {
  const row = await ownClient(database, actor, id);
  if (!row) return false;
  const [newest] = await database
    .select({ id: apiClientSecrets.id })
    .from(apiClientSecrets)
    .where(eq(apiClientSecrets.apiClientId, id))
    .orderBy(desc(apiClientSecrets.createdAt), desc(apiClientSecrets.id))
    .limit(1);
  if (!newest) return false;
  await database.transaction(async (tx) => {
    await tx
      .update(apiClientSecrets)
      .set({ retiresAt: now })
      .where(
        and(
          eq(apiClientSecrets.apiClientId, id),
          ne(apiClientSecrets.id, newest.id),
          or(isNull(apiClientSecrets.retiresAt), gt(apiClientSecrets.retiresAt, now)),
        ),
      );
    await recordAudit(tx, {
      entity: API_CLIENT_AUDIT_ENTITY,
      entityId: id,
      operation: "update",
      changes: [{ field: "previousSecretsRetired", oldValue: null, newValue: now.toISOString() }],
      actorId: actor.identityId,
    });
  });
  return true;
}

/** Revokes the client: its secrets open nothing from now on and its tokens are refused at their next call. */
export async function revokeApiClient(database: Database, actor: Actor, id: number, now = new Date()) {
  const row = await ownClient(database, actor, id);
  if (!row || row.revokedAt) return null;
  await database.transaction(async (tx) => {
    await tx.update(apiClients).set({ revokedAt: now }).where(eq(apiClients.id, id));
    await recordAudit(tx, {
      entity: API_CLIENT_AUDIT_ENTITY,
      entityId: id,
      operation: "update",
      changes: [{ field: "revokedAt", oldValue: null, newValue: now.toISOString() }],
      actorId: actor.identityId,
    });
  });
  return { clientId: row.clientId };
}
