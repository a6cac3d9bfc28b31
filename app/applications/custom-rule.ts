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

/** A condition of a custom rule that fails for a user: a leaf, a `not` whose rule holds, or a rule too deep. */
export type RuleFailure =
  | { kind: "condition"; rule: Extract<CustomRule, { attr: RuleAttribute }>; values: readonly string[] }
  | { kind: "negated"; rule: CustomRule }
  | { kind: "tooDeep" };

/** The depth beyond which a rule does not hold. */
const MAX_RULE_DEPTH = 20;

/**
 * The conditions that keep a custom rule from holding for a user (issue #39 "why not"); none
 * when it holds. `all` fails with each failing part, `any` with every part when none holds, `not`
 * when its rule holds.
 */
export function customRuleFailures(rule: CustomRule, subject: RuleSubject, depth = 0): RuleFailure[] {
  if (depth > MAX_RULE_DEPTH) return [{ kind: "tooDeep" }];
  if ("all" in rule) return rule.all.flatMap((r) => customRuleFailures(r, subject, depth + 1));
  if ("any" in rule) {
    const parts = rule.any.map((r) => customRuleFailures(r, subject, depth + 1));
    return parts.some((failures) => failures.length === 0) ? [] : parts.flat();
  }
  if ("not" in rule)
    return customRuleFailures(rule.not, subject, depth + 1).length === 0 ? [{ kind: "negated", rule: rule.not }] : [];
  const values = valuesOf(subject, rule.attr);
  const holds =
    "eq" in rule
      ? values.length === 1 && values[0] === rule.eq
      : "includes" in rule
        ? values.includes(rule.includes)
        : values.some((v) => rule.in.includes(v));
  return holds ? [] : [{ kind: "condition", rule, values }];
}

/** Whether a custom rule holds for a user. A rule deeper than 20 levels does not hold. */
export function customRuleHolds(rule: CustomRule, subject: RuleSubject): boolean {
  return customRuleFailures(rule, subject).length === 0;
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
