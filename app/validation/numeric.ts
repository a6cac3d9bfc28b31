/** A decimal number as people type it: digits with an optional sign and decimal point. */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The SPEC §5 generic message for a typed number that is not one: "Value must be numeric" when it
 * is no number at all, "Value is not an integer" when a whole number is wanted and it has a
 * fraction. An empty value has no problem here (required is its own rule); bounds are not shown.
 */
export function numberProblemOf(
  raw: string,
  wanted: "number" | "integer",
): "validations.numeric" | "validations.integer" | null {
  const value = raw.trim();
  if (value === "") return null;
  if (!NUMERIC.test(value)) return "validations.numeric";
  if (wanted === "integer" && !Number.isInteger(Number(value))) return "validations.integer";
  return null;
}
