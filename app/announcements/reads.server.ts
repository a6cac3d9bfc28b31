import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import type { SessionPart } from "~/permissions/profile-parts";
import { announcementAcknowledgements, announcementReads } from "~/db/schema";
import { forgetRequestValue, oncePerRequest, primeRequestValue } from "~/server-context/request-scope.server";

/*
 * The announcements a user has read, once per HTTP request. Signed-in pages read them with the
 * session (one statement, issue #12): the shell's unread counts and home's feed need them on
 * every page.
 */

const keyOf = (identityId: number) => `announcement-reads:${identityId}`;

/** The select-list expression giving an identity's read announcement ids. */
export function readAnnouncementIdsSql(identityId: SQL): SQL {
  return sql`(select coalesce(array_agg(r.announcement_id), '{}'::int[]) from announcement_reads r where r.identity_id = ${identityId})`;
}

/** The read ids come with the session statement (SessionPart): no second query in this request. */
export const announcementReadsSessionPart: SessionPart<readonly number[]> = {
  column: "read_announcement_ids",
  select: readAnnouncementIdsSql,
  prime: (identityId, ids) => primeRequestValue(keyOf(identityId), Promise.resolve(new Set(ids))),
};

export function readAnnouncementIdsOf(database: Executor, identityId: number): Promise<Set<number>> {
  return oncePerRequest(keyOf(identityId), async () => {
    const rows = await database
      .select({ id: announcementReads.announcementId })
      .from(announcementReads)
      .where(eq(announcementReads.identityId, identityId));
    return new Set(rows.map((row) => row.id));
  });
}

/** After marking one read: the rest of the request (the page's loaders after an action) reads them again. */
export function forgetReadAnnouncementIds(identityId: number): void {
  forgetRequestValue(keyOf(identityId));
}

/** The announcements an identity has acknowledged (issue #40 §3). */
export async function acknowledgedAnnouncementIdsOf(database: Executor, identityId: number): Promise<Set<number>> {
  const rows = await database
    .select({ id: announcementAcknowledgements.announcementId })
    .from(announcementAcknowledgements)
    .where(eq(announcementAcknowledgements.identityId, identityId));
  return new Set(rows.map((row) => row.id));
}
