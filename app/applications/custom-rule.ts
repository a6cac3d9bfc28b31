import { z } from "zod";

/**
 * Custom rules of an application (docs/custom-rules.md): a JSON condition over the user's
 * attributes, evaluated by `customRuleHolds`. Never evaluated as code.
 *
 *   { "attr": "userType", "eq": "internal" }
 *   { "attr": "features", "includes": "feature:dev" }
 *   { "attr": "regions", "in": ["NA", "EMEA"] }          (any of the user's values is in the list)
 *   { "all": [rule, …] }  { "any": [rule, …] }  { "not": rule }
 */
export const RULE_ATTRIBUTES = [
  "userType",
  "role",
  "features",
  "regions",
  "brands",
  "webRoles",
  "organizationTypes",
  "contractTypes",
  "contractCodes",
] as const;
export type RuleAttribute = (typeof RULE_ATTRIBUTES)[number];

export type CustomRule =
  | { attr: RuleAttribute; eq: string }
  | { attr: RuleAttribute; includes: string }
  | { attr: RuleAttribute; in: string[] }
  | { all: CustomRule[] }
  | { any: CustomRule[] }
  | { not: CustomRule };

const attr = z.enum(RULE_ATTRIBUTES);
const value = z.string().min(1).max(255);

export const customRuleSchema: z.ZodType<CustomRule> = z.lazy(() =>
  z.union([
    z.strictObject({ attr, eq: value }),
    z.strictObject({ attr, includes: value }),
    z.strictObject({ attr, in: z.array(value).min(1).max(100) }),
    z.strictObject({ all: z.array(customRuleSchema).min(1).max(50) }),
    z.strictObject({ any: z.array(customRuleSchema).min(1).max(50) }),
    z.strictObject({ not: customRuleSchema }),
  ]),
);

/** The user's side of the targeting: every attribute a rule can name, as strings. */
export type RuleSubject = Record<RuleAttribute, string | readonly string[]>;

function valuesOf(subject: RuleSubject, name: RuleAttribute): readonly string[] {
  const v = subject[name];
  return typeof v === "string" ? [v] : v;
}

/** Whether a custom rule holds for a user. A rule deeper than 20 levels does not hold. */
export function customRuleHolds(rule: CustomRule, subject: RuleSubject, depth = 0): boolean {
  if (depth > 20) return false;
  if ("all" in rule) return rule.all.every((r) => customRuleHolds(r, subject, depth + 1));
  if ("any" in rule) return rule.any.some((r) => customRuleHolds(r, subject, depth + 1));
  if ("not" in rule) return !customRuleHolds(rule.not, subject, depth + 1);
  const values = valuesOf(subject, rule.attr);
  if ("eq" in rule) return values.length === 1 && values[0] === rule.eq;
  if ("includes" in rule) return values.includes(rule.includes);
  return values.some((v) => rule.in.includes(v));
}

/** Parses custom rules text from the editor: empty means none; otherwise JSON of the schema. */
export function parseCustomRules(text: string): { ok: true; rule: CustomRule | null } | { ok: false } {
  if (text.trim() === "") return { ok: true, rule: null };
  try {
    const parsed = customRuleSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ok: true, rule: parsed.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}
