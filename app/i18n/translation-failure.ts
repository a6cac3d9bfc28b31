// Without Zod: the browser's entry imports this file, and Zod is not for every page (issue #38 §2).
/** Where the browser reports a translations file it could not fetch (a beacon; no answer is read). */
export const TRANSLATION_FAILURE_PATH = "/public/translation-failure";

/** Log lines the beacon may write per process and minute: a broken file must not flood the log. */
export const TRANSLATION_FAILURE_LOG_PER_MINUTE = 30;

/**
 * A fixed window of log lines: whether one more may be written at `now`, and the window after.
 * A report beyond the budget is dropped (the first ones already tell the story).
 */
export function withinLogBudget(
  window: { startedAt: number; written: number },
  now: number,
  limit = TRANSLATION_FAILURE_LOG_PER_MINUTE,
  windowMs = 60_000,
): { allowed: boolean; window: { startedAt: number; written: number } } {
  const current = now - window.startedAt >= windowMs ? { startedAt: now, written: 0 } : window;
  if (current.written >= limit) return { allowed: false, window: current };
  return { allowed: true, window: { startedAt: current.startedAt, written: current.written + 1 } };
}
