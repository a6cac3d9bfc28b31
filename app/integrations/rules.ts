import { createHmac } from "node:crypto";

/** A push is tried at most this often; the last failure writes an integration error (issue #15 §6). */
export const PUSH_MAX_ATTEMPTS = 3;

/**
 * Exponential back-off: after the first failed attempt wait `base` seconds, after the second twice
 * that, and so on.
 */
export function retryDelaySeconds(failedAttempts: number, baseSeconds: number): number {
  return baseSeconds * 2 ** Math.max(0, failedAttempts - 1);
}

/** What follows a failed attempt: another one at a later time, or giving up (an integration error). */
export function afterFailedAttempt(
  failedAttempts: number,
  now: Date,
  baseSeconds: number,
): { state: "pending"; nextAttemptAt: Date } | { state: "failed" } {
  if (failedAttempts >= PUSH_MAX_ATTEMPTS) return { state: "failed" };
  return {
    state: "pending",
    nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(failedAttempts, baseSeconds) * 1000),
  };
}

/**
 * The signature header's value: HMAC-SHA256 of "<timestamp>.<body>" with the target's secret, so a
 * target can check that a push comes from the portal and is fresh (it refuses old timestamps).
 */
export function pushSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** An error's text for the status view and the report: one line, bounded, never a stack. */
export function pushErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}
