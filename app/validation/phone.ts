/** Digits a phone number may have: at least 7 (local numbers), at most 15 (E.164). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/**
 * Whether a value is a phone number as people write them: an optional leading +, digits with
 * spaces, hyphens, dots or parentheses between them, and an optional extension ("ext. 12", "x12").
 */
export function isPhoneNumber(value: string): boolean {
  const match = /^(\+)?([\d\s().-]+?)(?:\s*(?:ext\.?|x)\s*(\d{1,6}))?$/i.exec(value.trim());
  if (!match) return false;
  const main = match[2];
  if (!/^\(?\d/.test(main) || /[^\d)]$/.test(main)) return false;
  if ((main.match(/\(/g) ?? []).length !== (main.match(/\)/g) ?? []).length) return false;
  const digits = main.replace(/\D/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}
