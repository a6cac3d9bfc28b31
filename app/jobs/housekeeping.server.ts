import { lt } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { endedSessions, loginAttempts, oidcPayloads, rateLimitWindows, sessions } from "~/db/schema";
import { LOCKOUT_DURATION_MS, LOCKOUT_WINDOW_MS } from "~/security/lockout";
import { purgeFormKeys } from "~/security/form-key.server";
import { purgeFormRescues } from "~/forms/form-rescue.server";
import { ENDED_SESSION_RETENTION_MS } from "~/auth/session.server";

/** Sign-in attempts older than this are no longer read by the lockout rule (twice its longest span). */
export const LOGIN_ATTEMPT_RETENTION_MS = 2 * Math.max(LOCKOUT_WINDOW_MS, LOCKOUT_DURATION_MS);

export interface HousekeepingResult {
  sessions: number;
  providerRecords: number;
  loginAttempts: number;
  rateLimitWindows: number;
  formKeys: number;
  formRescues: number;
  endedSessions: number;
}

/** Rate-limit windows are a minute long; an hour-old one is read by nothing. */
export const RATE_LIMIT_WINDOW_RETENTION_MS = 60 * 60 * 1000;

/**
 * Deletes what has expired: portal sessions past their expiry, the identity provider's records
 * (sessions, grants, codes, tokens) past theirs, sign-in attempts the lockout no longer reads, and
 * ended rate-limit windows, forms' one-time keys older than a day and form rescues past their time.
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
  const windows = await database
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStart, new Date(now.getTime() - RATE_LIMIT_WINDOW_RETENTION_MS)))
    .returning({ key: rateLimitWindows.key });
  return {
    sessions: gone.length,
    providerRecords: provider.length,
    loginAttempts: attempts.length,
    rateLimitWindows: windows.length,
    formKeys: await purgeFormKeys(database, now),
    formRescues: await purgeFormRescues(database, now),
    endedSessions: (
      await database
        .delete(endedSessions)
        .where(lt(endedSessions.endedAt, new Date(now.getTime() - ENDED_SESSION_RETENTION_MS)))
        .returning({ idHash: endedSessions.idHash })
    ).length,
  };
}
