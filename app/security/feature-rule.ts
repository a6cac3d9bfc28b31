/** A permission rule over feature strings (SPEC §6): all-of, any-of, and an exclusion list. */
export interface FeatureRule {
  all?: readonly string[];
  any?: readonly string[];
  exclude?: readonly string[];
}

/** Sign-in only: no feature is needed. */
export const SIGNED_IN: FeatureRule = {};

/**
 * What keeps a rule from holding: an excluded feature that is held, a feature of `all` that is
 * not, or none of `any` held (issue #39 "why not").
 */
export type RuleShortfall =
  | { kind: "excluded"; feature: string }
  | { kind: "missing"; feature: string }
  | { kind: "noneOf"; features: readonly string[] };

/**
 * Everything that keeps a feature list from satisfying a rule; none when it holds. With
 * `firstOnly` it stops at the first (the guards only need the verdict).
 */
export function ruleShortfalls(
  features: readonly string[],
  rule: FeatureRule,
  options: { firstOnly?: boolean } = {},
): RuleShortfall[] {
  const held = new Set(features);
  const shortfalls: RuleShortfall[] = [];
  const done = () => options.firstOnly === true && shortfalls.length > 0;
  for (const feature of rule.exclude ?? []) {
    if (held.has(feature)) shortfalls.push({ kind: "excluded", feature });
    if (done()) return shortfalls;
  }
  for (const feature of rule.all ?? []) {
    if (!held.has(feature)) shortfalls.push({ kind: "missing", feature });
    if (done()) return shortfalls;
  }
  if (rule.any && rule.any.length > 0 && !rule.any.some((f) => held.has(f)))
    shortfalls.push({ kind: "noneOf", features: rule.any });
  return shortfalls;
}

/**
 * Decides whether a feature list satisfies a rule. Any excluded feature denies;
 * every feature of `all` must be present; at least one of `any` must be present.
 */
export function satisfiesRule(features: readonly string[], rule: FeatureRule): boolean {
  return ruleShortfalls(features, rule, { firstOnly: true }).length === 0;
}
