/** A permission rule over feature strings (SPEC §6): all-of, any-of, and an exclusion list. */
export interface FeatureRule {
  all?: readonly string[];
  any?: readonly string[];
  exclude?: readonly string[];
}

/** Sign-in only: no feature is needed. */
export const SIGNED_IN: FeatureRule = {};

/**
 * Decides whether a feature list satisfies a rule. Any excluded feature denies;
 * every feature of `all` must be present; at least one of `any` must be present.
 */
export function satisfiesRule(features: readonly string[], rule: FeatureRule): boolean {
  const held = new Set(features);
  if (rule.exclude?.some((f) => held.has(f))) return false;
  if (rule.all && !rule.all.every((f) => held.has(f))) return false;
  if (rule.any && rule.any.length > 0 && !rule.any.some((f) => held.has(f))) return false;
  return true;
}
