import { sql, type SQL } from "drizzle-orm";
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
