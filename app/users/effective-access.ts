import type { TargetingCheck } from "~/applications/targeting";
import type { FeatureGrant } from "~/security-roles/feature-grants";
import { GRANTABLE_FEATURES } from "~/permissions/features";
import type { ScreenVerdict } from "~/navigation/admin-links";
import type { RuleShortfall } from "~/security/feature-rule";

/** One application of the user's brands: whether their launcher shows it, and each condition that decides it. */
export interface ApplicationVerdict {
  id: number;
  name: string;
  brandName: string;
  regionCode: string;
  visible: boolean;
  checks: TargetingCheck[];
}

/**
 * Issue #39 "why this access": what a user holds and why — every feature with where it comes
 * from, every application of their brands with the targeting's verdict, every screen of the
 * menus with the guard's. The verdicts are the guards' own (`satisfiesRule` through
 * `ruleShortfalls`, `applicationVisibleTo` through `targetingChecks`) over the features the
 * access profile reads; the grants explain those features.
 */
export interface EffectiveAccess {
  /** An inactive user reaches nothing: the verdicts are what they would hold once activated. */
  active: boolean;
  features: FeatureGrant[];
  applications: ApplicationVerdict[];
  screens: ScreenVerdict[];
}

/** What an administrator asks "why not" about: an application, a feature or a screen. */
export type WhyPick =
  { kind: "application"; id: number } | { kind: "feature"; feature: string } | { kind: "screen"; key: string };

/** The question as the address carries it (`?why=application:12`, `feature:documents:view`, `screen:users`). */
export function whyPickOf(value: string | null): WhyPick | null {
  if (!value || value.length > 200) return null;
  const colon = value.indexOf(":");
  const kind = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  if (colon < 1 || rest === "") return null;
  if (kind === "application") return /^\d{1,9}$/.test(rest) ? { kind, id: Number(rest) } : null;
  if (kind === "feature") return { kind, feature: rest };
  if (kind === "screen") return { kind, key: rest };
  return null;
}

export function whyValueOf(pick: WhyPick): string {
  return pick.kind === "application"
    ? `application:${pick.id}`
    : pick.kind === "feature"
      ? `feature:${pick.feature}`
      : `screen:${pick.key}`;
}

/** The answer to a "why not": whether the user has it, and what keeps them from it. */
export type WhyAnswer =
  | { kind: "application"; name: string; holds: boolean; failing: TargetingCheck[] }
  | { kind: "feature"; feature: string; holds: boolean; grant: FeatureGrant | null }
  | { kind: "screen"; labelKey: string; holds: boolean; shortfalls: RuleShortfall[] };

/** The answer for a question about one of the user's brands' applications, a feature or a screen; null: not one of them. */
export function whyAnswer(access: EffectiveAccess, pick: WhyPick): WhyAnswer | null {
  if (pick.kind === "application") {
    const app = access.applications.find((candidate) => candidate.id === pick.id);
    if (!app) return null;
    return { kind: "application", name: app.name, holds: app.visible, failing: app.checks.filter((c) => !c.holds) };
  }
  if (pick.kind === "screen") {
    const screen = access.screens.find((candidate) => candidate.key === pick.key);
    if (!screen) return null;
    return {
      kind: "screen",
      labelKey: screen.labelKey,
      holds: screen.shortfalls.length === 0,
      shortfalls: screen.shortfalls,
    };
  }
  if (!askableFeatures(access).includes(pick.feature)) return null;
  const grant = access.features.find((candidate) => candidate.feature === pick.feature) ?? null;
  return { kind: "feature", feature: pick.feature, holds: (grant?.sources.length ?? 0) > 0, grant };
}

/** The features one may ask about: every feature a role can grant, and those the user holds. */
export function askableFeatures(access: EffectiveAccess): string[] {
  return [...new Set([...GRANTABLE_FEATURES, ...access.features.map((grant) => grant.feature)])].sort();
}
