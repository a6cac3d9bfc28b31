import { inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { identities, organizations, roleAssignments } from "~/db/schema";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { ACCESS_VERSION } from "~/permissions/profile-cache.server";
import { actingApiClient } from "~/server-context/acting-api-client.server";
import { cachedCatalogue, catalogueVersionsOf } from "~/server-context/catalogue-cache.server";
import { rowsOf } from "~/db/sql-list";

/**
 * A scope of this many users or fewer is read as their ids (a dealer's few locations): search,
 * filters, sort and count then run over those rows alone.
 */
const NARROW_SCOPE = 2_000;

/** How an administrator's users are found (see `scopeOf`). */
type ScopeShape = { kind: "ids"; ids: number[] } | { kind: "dealerLocated"; outside: number[] } | { kind: "checked" };

/**
 * The users an administrator manages: those with an assignment at one of the administrator's
 * locations. A few (≤ NARROW_SCOPE assignments) are named by id. A network whose outside (the
 * dealer locations the administrator lacks) holds few is every dealer-located user (a flag the
 * database keeps, migration 0028) but the outside's own. Otherwise each user's assignments are
 * checked against the administrator's locations. Worked out once per access version (every change
 * to an assignment or an organization bumps it, migration 0021) for the administrator and the API
 * client acting for them: paging and searching do not read it again (ADR 42).
 */
async function scopeOf(database: Executor, actorId: number): Promise<ScopeShape> {
  const versions = await catalogueVersionsOf(database);
  const client = actingApiClient();
  const key = `users-scope:${actorId}:${client ? `${client.id}:${client.locationIds.join(",")}` : "-"}`;
  return cachedCatalogue(database, key, versions[ACCESS_VERSION] ?? 0, async (): Promise<ScopeShape> => {
    const mine = dealerLocationsOfSql(actorId);
    const assigned = await database
      .select({ id: roleAssignments.identityId })
      .from(roleAssignments)
      .where(sql`${roleAssignments.organizationId} in (${mine})`)
      .limit(NARROW_SCOPE + 1);
    if (assigned.length <= NARROW_SCOPE) return { kind: "ids", ids: [...new Set(assigned.map((row) => row.id))] };
    const outside = await outsideUsers(database, mine);
    return outside ? { kind: "dealerLocated", outside } : { kind: "checked" };
  });
}

/**
 * The scope as a condition. A checked scope's locations are a set PostgreSQL hashes once per
 * statement; each `is true` keeps its part a subplan, so the check runs last on the rows the other
 * filters leave and no plan hashes a million assignments first.
 */
function scopeWhere(shape: ScopeShape, actorId: number): SQL {
  switch (shape.kind) {
    case "ids":
      return shape.ids.length > 0 ? inArray(identities.id, shape.ids) : sql`false`;
    case "dealerLocated":
      return shape.outside.length > 0
        ? sql`${identities.dealerLocated} and ${notInArray(identities.id, shape.outside)}`
        : sql`${identities.dealerLocated}`;
    case "checked":
      // The outer user is named with its table: in a one-table select Drizzle writes a column bare.
      return sql`(exists (select 1 from ${roleAssignments} ra where ra.identity_id = ${identities}.id
        and (ra.organization_id in (${dealerLocationsOfSql(actorId)})) is true)) is true`;
  }
}

/**
 * The users an administrator manages, as a condition on `identities`; `network` when they are more
 * than a list of ids, `ids` when they are one (a table joined to users may then be read by them).
 */
export async function managedBy(
  database: Executor,
  actorId: number,
): Promise<{ network: boolean; where: SQL; ids: number[] | null }> {
  const shape = await scopeOf(database, actorId);
  return {
    network: shape.kind !== "ids",
    where: scopeWhere(shape, actorId),
    ids: shape.kind === "ids" ? shape.ids : null,
  };
}

/**
 * The users at the dealer locations an administrator lacks who hold none of theirs; null when
 * those locations hold more than NARROW_SCOPE assignments (the outside is then no short list).
 */
async function outsideUsers(database: Executor, mine: SQL): Promise<number[] | null> {
  const lacked = await database
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`${organizations.type} <> 'internal' and (${organizations.id} in (${mine})) is not true`)
    .limit(NARROW_SCOPE + 1);
  if (lacked.length > NARROW_SCOPE) return null;
  if (lacked.length === 0) return [];
  // Outside: no assignment at a dealer location other than the lacked ones (those are all the administrator's).
  const ids = sql.join(
    lacked.map((row) => sql`${row.id}`),
    sql`, `,
  );
  const result = await database.execute(sql`
    select ra.identity_id as id, not exists (
      select 1 from ${roleAssignments} other join ${organizations} o on o.id = other.organization_id
      where other.identity_id = ra.identity_id and o.type <> 'internal' and o.id not in (${ids})) as outside
    from ${roleAssignments} ra
    where ra.organization_id in (${ids})
    limit ${NARROW_SCOPE + 1}`);
  const rows = rowsOf<{ id: number; outside: boolean }>(result);
  if (rows.length > NARROW_SCOPE) return null;
  return [...new Set(rows.filter((row) => row.outside).map((row) => row.id))];
}

/**
 * Whether the administrator manages the user: one of the user's assignments is at one of the
 * administrator's locations. Read afresh, not from the cached scope: a request that has just
 * created or moved the user reads it back (its access version was read before its write).
 */
export async function scopeHolds(database: Executor, actorId: number, userId: number): Promise<boolean> {
  const [row] = await database
    .select({ one: sql`1` })
    .from(roleAssignments)
    .where(
      sql`${roleAssignments.identityId} = ${userId} and ${roleAssignments.organizationId} in (${dealerLocationsOfSql(actorId)})`,
    )
    .limit(1);
  return row !== undefined;
}
