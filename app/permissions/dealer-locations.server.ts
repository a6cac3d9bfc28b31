import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { organizations, roleAssignments } from "~/db/schema";
import { actingApiClient } from "~/server-context/acting-api-client.server";
import { rowsOf } from "~/db/sql-list";

/**
 * The dealer locations where an identity holds a role: the reach of their dealer administration
 * (users, security review, directory, identity import). The maker's own organizations are not
 * among them: a role held there administers the portal, not a dealer's users (ADR 29).
 */
export function dealerLocationsOfSql(identityId: number | SQL): SQL {
  return sql`select mine.organization_id from ${roleAssignments} mine
    join ${organizations} mine_org on mine_org.id = mine.organization_id and mine_org.type <> 'internal'
    where mine.identity_id = ${identityId}${apiClientLimit(identityId)}`;
}

/**
 * In a request an API client makes, its creator's locations narrow to the client's (issue #35
 * §3): every dealer-scoped query of the request, whichever service builds it.
 */
function apiClientLimit(identityId: number | SQL): SQL {
  const client = actingApiClient();
  if (!client || identityId !== client.creatorId) return sql``;
  if (client.locationIds.length === 0) return sql` and false`;
  return sql` and mine.organization_id in (${sql.join(
    client.locationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The locations (organization ids) where an identity holds an assignment. */
export async function locationIdsOf(database: Executor, identityId: number): Promise<number[]> {
  const result = await database.execute(
    sql`select distinct dealer.organization_id as id from (${dealerLocationsOfSql(identityId)}) dealer`,
  );
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}
