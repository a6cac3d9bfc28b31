import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { organizations, roleAssignments } from "~/db/schema";

/**
 * The dealer locations where an identity holds a role: the reach of their dealer administration
 * (users, security review, directory, identity import). The maker's own organizations are not
 * among them: a role held there administers the portal, not a dealer's users (ADR 29).
 */
export function dealerLocationsOfSql(identityId: number | SQL): SQL {
  return sql`select mine.organization_id from ${roleAssignments} mine
    join ${organizations} mine_org on mine_org.id = mine.organization_id and mine_org.type <> 'internal'
    where mine.identity_id = ${identityId}`;
}

/** The locations (organization ids) where an identity holds an assignment. */
export async function locationIdsOf(database: Executor, identityId: number): Promise<number[]> {
  const result = await database.execute(
    sql`select distinct dealer.organization_id as id from (${dealerLocationsOfSql(identityId)}) dealer`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}
