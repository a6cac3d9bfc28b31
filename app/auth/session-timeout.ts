/**
 * When a portal session ends on its own (issue #15 §5): after an idle time without requests, and
 * at an absolute limit after sign-in however busy it was. Shared by the server (which enforces)
 * and the browser (which warns before the idle limit).
 */

export type SessionEndReason = "inactivity" | "sessionEnded";

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** The warning shows this long before the idle limit (or halfway, for a limit shorter than twice this). */
export const SESSION_WARNING_MS = 2 * 60_000;

/** Why a session has ended by now, or null while it stands. The absolute limit wins over idleness. */
export function sessionEndReason(
  times: { createdAt: Date; lastSeenAt: Date | null },
  now: Date,
  limits: SessionLimits,
): SessionEndReason | null {
  if (now.getTime() - times.createdAt.getTime() >= limits.maxMs) return "sessionEnded";
  const lastActive = times.lastSeenAt ?? times.createdAt;
  if (now.getTime() - lastActive.getTime() >= limits.idleMs) return "inactivity";
  return null;
}

/**
 * How often a session's "last seen" is written: once a minute, or a tenth of a short idle limit,
 * so the server's idle clock is never more than that behind the browser's.
 */
export function lastSeenIntervalMs(idleMs: number): number {
  return Math.max(1_000, Math.min(60_000, Math.floor(idleMs / 10)));
}

/** Whether a request should write the session's "last seen" now. */
export function lastSeenIsDue(lastSeenAt: Date | null, now: Date, idleMs: number): boolean {
  return !lastSeenAt || now.getTime() - lastSeenAt.getTime() >= lastSeenIntervalMs(idleMs);
}

/** How long before the idle limit the browser warns. */
export function warningLeadMs(idleMs: number): number {
  return Math.min(SESSION_WARNING_MS, Math.floor(idleMs / 2));
}

/** A remaining time as the session-expiry modal's mm:ss countdown (never negative). */
export function countdownText(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The reasons a sign-in page explains (a session that ended, a password that must change). */
export const SIGN_IN_NOTICES = ["inactivity", "sessionEnded", "passwordExpired"] as const;
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number];

export function signInNoticeOf(value: unknown): SignInNotice | null {
  return SIGN_IN_NOTICES.find((notice) => notice === value) ?? null;
}
