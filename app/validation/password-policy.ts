import { NAME_PART_MIN_LENGTH, PASSWORD_MIN_LENGTH } from "~/limits";
export const PASSWORD_SPECIALS = "!@#$,.%^()[]<>&*";

/** Each rule's message key (English texts in SPEC §5). */
export type PasswordProblem =
  "validations.required" | "validations.minLength" | "validations.passwordNamePart" | "validations.password";

const escape = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&");
const SPECIAL = new RegExp(`[${escape(PASSWORD_SPECIALS)}]`);

/** The parts of a name (split on spaces, hyphens, dots, apostrophes…) longer than 2 characters, lower-cased. */
export function namePartsOf(names: readonly (string | undefined | null)[]): string[] {
  return names
    .flatMap((name) => (name ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((part) => part.length >= NAME_PART_MIN_LENGTH);
}

/** Whether a password has a lowercase letter, an uppercase letter, a digit and one of the special characters. */
export function hasRequiredCharacterClasses(password: string): boolean {
  return /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password) && /\d/.test(password) && SPECIAL.test(password);
}

/**
 * The first rule a new password breaks, or null when it is acceptable: required, at least 8
 * characters, no part of the user's name longer than 2 characters (case-insensitive), and the
 * character classes.
 */
export function passwordProblem(
  password: string,
  names: readonly (string | undefined | null)[],
): PasswordProblem | null {
  if (password.length === 0) return "validations.required";
  if (password.length < PASSWORD_MIN_LENGTH) return "validations.minLength";
  const lower = password.toLowerCase();
  if (namePartsOf(names).some((part) => lower.includes(part))) return "validations.passwordNamePart";
  if (!hasRequiredCharacterClasses(password)) return "validations.password";
  return null;
}
