import { z } from "zod";
import { VERIFICATION_LINK_HOURS } from "~/limits";
import { confirmationMatches, confirmPasswordField, newPasswordField } from "~/validation/new-password";

const HOUR_MS = 60 * 60 * 1000;

/** When a verification link sent now lapses: 72 hours on (SPEC §9). */
export function verificationExpiresAt(now: Date): Date {
  return new Date(now.getTime() + VERIFICATION_LINK_HOURS * HOUR_MS);
}

/** What a verification link is worth: none on record (unknown or used), lapsed, or good. */
export type VerificationLinkState = "invalid" | "lapsed" | "valid";

export function verificationLinkState(link: { expiresAt: Date } | null | undefined, now: Date): VerificationLinkState {
  if (!link) return "invalid";
  return link.expiresAt.getTime() <= now.getTime() ? "lapsed" : "valid";
}

/** Whether a password contains the whole first or last name, in any case (SPEC §5 user creation). */
export function passwordContainsName(password: string, names: { firstName: string; lastName: string }): boolean {
  const lower = password.toLowerCase();
  return [names.firstName, names.lastName].some((name) => {
    const whole = name.trim().toLowerCase();
    return whole.length > 0 && lower.includes(whole);
  });
}

/**
 * The new user's set-password form: the account policy of SPEC §5 (which also refuses any part of
 * the name longer than 2 characters) and, for names of any length, not the first or last name.
 */
export function setPasswordSchema(names: { firstName: string; lastName: string }) {
  return z
    .object({
      password: newPasswordField([names.firstName, names.lastName], (value) =>
        passwordContainsName(value, names) ? "validations.passwordName" : null,
      ),
      confirmPassword: confirmPasswordField,
    })
    .refine(...confirmationMatches("password"));
}
