import { lt, sql } from "drizzle-orm";
import type { DatabaseHandle, Executor } from "~/db/client.server";
import { loginAttempts, oidcPayloads, sessions } from "~/db/schema";
import { LOCKOUT_DURATION_MS, LOCKOUT_WINDOW_MS } from "~/account/lockout";

/** Sign-in attempts older than this are no longer read by the lockout rule (twice its longest span). */
export const LOGIN_ATTEMPT_RETENTION_MS = 2 * Math.max(LOCKOUT_WINDOW_MS, LOCKOUT_DURATION_MS);
/** How often the server runs housekeeping in-process. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** The advisory lock that lets one instance at a time do housekeeping on a shared PostgreSQL. */
export const HOUSEKEEPING_LOCK = 780_414_001;

export interface HousekeepingResult {
  sessions: number;
  providerRecords: number;
  loginAttempts: number;
}

/**
 * Deletes what has expired: portal sessions past their expiry, the identity provider's records
 * (sessions, grants, codes, tokens) past theirs, and sign-in attempts the lockout no longer reads.
 */
export async function purgeExpired(database: Executor, now = new Date()): Promise<HousekeepingResult> {
  const gone = await database.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const provider = await database
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, now))
    .returning({ id: oidcPayloads.id });
  const attempts = await database
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_ATTEMPT_RETENTION_MS)))
    .returning({ id: loginAttempts.id });
  return { sessions: gone.length, providerRecords: provider.length, loginAttempts: attempts.length };
}

/**
 * Runs housekeeping once. On PostgreSQL it first takes a transaction-scoped advisory lock and
 * skips (null) when another instance holds it; PGlite is one process, so it just runs.
 */
export async function runHousekeeping(handle: DatabaseHandle, now = new Date()): Promise<HousekeepingResult | null> {
  if (handle.kind === "pglite") return purgeExpired(handle.db, now);
  return handle.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!rows[0]?.locked) return null;
    return purgeExpired(tx, now);
  });
}
