import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { rowsOf } from "~/db/sql-list";

/**
 * SQL giving an identity's locations and their last security review as a whole, as JSON
 * `{ locations, lastReviewAt }`: per location its latest confirmed review (by any administrator),
 * and the oldest of those; null when one never was. The access profile reads it in its one
 * statement, the reminder job through `lastSecurityReviewOf`: one rule, one query.
 */
export function securityReviewStateSql(identityId: SQL): SQL {
  return sql`(select json_build_object('locations', count(*),
      'lastReviewAt', case when bool_and(l.latest is not null) then min(l.latest) end)
    from (select (select max(sr.confirmed_at) from security_reviews sr
        where sr.confirmed_at is not null and loc.organization_id = any(sr.organization_ids)) as latest
      from (select distinct mine.organization_id from (${dealerLocationsOfSql(identityId)}) mine) loc) l)`;
}

/** When the administrator's locations were last reviewed as a whole (see above). Null when one never was. */
export async function lastSecurityReviewOf(database: Executor, adminId: number): Promise<Date | null> {
  const result = await database.execute(sql`select ${securityReviewStateSql(sql`${adminId}::int`)} as review`);
  const [row] = rowsOf<{ review: { lastReviewAt: string | null } }>(result);
  return row?.review.lastReviewAt ? new Date(row.review.lastReviewAt) : null;
}
