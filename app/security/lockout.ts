/** Sign-in lockout (issue #2 §2): 5 failures within 15 minutes lock tries for 15 minutes. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_DURATION_MS = 15 * 60 * 1000;

/**
 * When the account is locked, the moment it unlocks; otherwise null. `failures` are the
 * times of failed attempts since the last successful one.
 */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  const recent = [...failures]
    .map((d) => d.getTime())
    .sort((a, b) => b - a)
    .slice(0, LOCKOUT_FAILURES);
  if (recent.length < LOCKOUT_FAILURES) return null;
  const newest = recent[0];
  const oldest = recent[LOCKOUT_FAILURES - 1];
  if (newest - oldest > LOCKOUT_WINDOW_MS) return null;
  const until = newest + LOCKOUT_DURATION_MS;
  return until > now.getTime() ? new Date(until) : null;
}
