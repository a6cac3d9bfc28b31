import { z } from "zod";
import { AUTO_DEACTIVATION_DAYS, DAY_MS } from "~/limits";
import { exemptOn, inactiveSince } from "./dormancy";

/** Why an administrator deactivates a user (issue #14 §5): one of these, never free text. */
export const DEACTIVATION_REASONS = ["leftCompany", "roleChanged", "securityConcern", "inactivity", "other"] as const;
/** A SCIM connection's `active: false` (issue #36): never chosen on a screen. */
export const DEPROVISIONED = "deprovisioned";
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number] | typeof DEPROVISIONED;

/** The deactivate form's and the API's body. */
export const deactivationSchema = z.object({
  reason: z.enum(DEACTIVATION_REASONS, { error: "validations.required" }),
});

/** The moment before which a user's last sign-in (or, never signed in, their creation) makes them inactive. */
export function autoDeactivationCutoff(now: Date): Date {
  return new Date(now.getTime() - AUTO_DEACTIVATION_DAYS * DAY_MS);
}

/**
 * SPEC §4 User activation: an active user not signed in for more than 180 days is deactivated;
 * one who never signed in counts from their creation; one an administrator exempted (issue #39
 * §4) is left alone through the exemption's last day.
 */
export function dueForAutoDeactivation(
  user: {
    status: "active" | "inactive";
    lastLoginAt: Date | null;
    createdAt: Date;
    dormancyExemptUntil?: string | null;
  },
  now: Date,
): boolean {
  return (
    user.status === "active" &&
    !exemptOn(user.dormancyExemptUntil ?? null, now) &&
    inactiveSince(user) < autoDeactivationCutoff(now)
  );
}
