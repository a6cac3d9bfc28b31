import { z } from "zod";

/** Where the browser reports a translations file it could not fetch (a beacon; no answer is read). */
export const TRANSLATION_FAILURE_PATH = "/public/translation-failure";

/** Log lines the beacon may write per process and minute: a broken file must not flood the log. */
export const TRANSLATION_FAILURE_LOG_PER_MINUTE = 30;

/** What a report carries: the file's address (a translations file, nothing else) and why, both short. */
export const translationFailureSchema = z.object({
  href: z
    .string()
    .max(200)
    .regex(/^\/(public\/translations\/\w+\/[\w-]+|locales\/[\w-]+(\.[0-9a-f]+)?\.json)$/),
  reason: z.string().max(200),
});

export type TranslationFailure = z.infer<typeof translationFailureSchema>;

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
