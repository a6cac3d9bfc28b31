import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { rowsOf } from "~/db/sql-list";

/** Entries one statement of the retention deletes (a short transaction: the views and writers go on). */
export const RETENTION_BATCH = 10_000;
/** Batches one housekeeping run deletes at most: a long-kept history is worked off run after run. */
export const RETENTION_BATCHES_PER_RUN = 100;

/**
 * Deletes the audit entries older than the retention (`AUDIT_RETENTION_DAYS`, issue #37 §5), by the
 * database's clock, oldest first, in batches. The history is append-only (migration 0013): each
 * batch's transaction names the retention, and the database's trigger lets it delete only entries
 * older than that (migration 0029). Returns how many it deleted.
 */
export async function deleteExpiredAudit(
  database: Database,
  retentionDays: number,
  batchSize = RETENTION_BATCH,
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < RETENTION_BATCHES_PER_RUN; batch++) {
    const gone = await database.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.audit_retention_days', ${String(retentionDays)}, true)`);
      const result = await tx.execute(sql`
        with gone as (
          delete from ${auditLog} where id in (
            select id from ${auditLog}
            where changed_on < now() - make_interval(days => ${retentionDays}::int)
            order by changed_on, id limit ${batchSize})
          returning 1)
        select count(*)::int as n from gone`);
      return rowsOf<{ n: number }>(result)[0].n;
    });
    deleted += gone;
    if (gone < batchSize) break;
  }
  return deleted;
}
