import { z } from "zod";
import { confirmationMatches, confirmPasswordField, newPasswordField } from "~/validation/new-password";

/** A security answer's shortest length (SPEC §5). */
export const SECURITY_ANSWER_MIN_LENGTH = 4;

/**
 * The account migration form (SPEC §2, §5): a new password under the one policy (no part of the
 * user's name longer than 2 characters), its confirmation, one of the offered security questions
 * (as its text) and an answer of at least 4 characters. Shared by the browser, the page's action
 * and POST /api/v2/user/migrate/ldap.
 */
export function migrationSchema(names: readonly (string | undefined | null)[], questions: readonly string[]) {
  return z
    .object({
      password: newPasswordField(names),
      confirmPassword: confirmPasswordField,
      securityQuestion: z
        .string({ error: "validations.required" })
        .refine((value) => questions.includes(value), "validations.required"),
      securityAnswer: z
        .string({ error: "validations.required" })
        .trim()
        .min(1, "validations.required")
        .min(SECURITY_ANSWER_MIN_LENGTH, "validations.minLength")
        .max(255, "validations.maxLength"),
    })
    .refine(...confirmationMatches("password"));
}
