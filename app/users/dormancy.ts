import { z } from "zod";
import { AUTO_DEACTIVATION_DAYS, DAY_MS, DORMANCY_WARNING_DAYS, MAX_TEXT_LENGTH } from "~/limits";

/** When a user's inactivity began: their last sign-in, or their creation when they never signed in. */
export function inactiveSince(user: { lastLoginAt: Date | null; createdAt: Date }): Date {
  return user.lastLoginAt ?? user.createdAt;
}

/**
 * Whole days left before the daily job deactivates an inactive user (issue #39 §4): 1 on the last
 * day, 0 or less once due. `dueForAutoDeactivation` holds exactly when this is 0 or less.
 */
export function daysUntilDeactivation(since: Date, now: Date): number {
  return Math.ceil((since.getTime() + AUTO_DEACTIVATION_DAYS * DAY_MS - now.getTime()) / DAY_MS);
}

export type WarningDays = (typeof DORMANCY_WARNING_DAYS)[number];

/**
 * The warning due now for one inactivity period, or null: the most urgent of 14, 3 and 1 days
 * reached, unless one as urgent or more was sent already. A job that missed a day sends only the
 * most urgent one; a user already due is deactivated, not warned.
 */
export function dormancyWarningDue(daysLeft: number, sentDaysBefore: readonly number[]): WarningDays | null {
  if (daysLeft <= 0) return null;
  const reached = DORMANCY_WARNING_DAYS.filter((days) => daysLeft <= days);
  if (reached.length === 0) return null;
  const days = reached[reached.length - 1];
  return sentDaysBefore.some((sent) => sent <= days) ? null : days;
}

/** Whether an exemption holds on a day: through the whole of its last day (UTC). */
export function exemptOn(exemptUntil: string | null, now: Date): boolean {
  return exemptUntil !== null && now.toISOString().slice(0, 10) <= exemptUntil;
}

/** The users list's "Deactivates in N days": shown from the first warning on, never for an exempt or inactive user. */
export function deactivatesInDays(
  user: { status: string; lastLoginAt: Date | null; createdAt: Date; dormancyExemptUntil: string | null },
  now: Date,
): number | null {
  if (user.status !== "active" || exemptOn(user.dormancyExemptUntil, now)) return null;
  const days = daysUntilDeactivation(inactiveSince(user), now);
  return days <= DORMANCY_WARNING_DAYS[0] ? Math.max(days, 0) : null;
}

function realDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The longest an exemption may run (a season, a service account's year). */
export const MAX_EXEMPTION_DAYS = 366;

/**
 * The exemption form (issue #39 §4): until a day after today and within a year, with a reason;
 * or, to end one, nothing.
 */
export function exemptionSchema(now: Date) {
  const today = now.toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + MAX_EXEMPTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  return z.object({
    until: z
      .string({ error: "validations.required" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validations.date" })
      // A day of the calendar: 2027-02-31 is none.
      .refine((value) => realDay(value), { error: "validations.date" })
      .refine((value) => value > today, { error: "dormancy.exemptInFuture" })
      .refine((value) => value <= latest, { error: "dormancy.exemptTooLong" }),
    reason: z
      .string({ error: "validations.required" })
      .trim()
      .min(1, { error: "validations.required" })
      .max(MAX_TEXT_LENGTH, { error: "validations.maxLength" }),
  });
}
