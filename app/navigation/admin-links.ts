import { ruleShortfalls, satisfiesRule, type FeatureRule, type RuleShortfall } from "~/security/feature-rule";
import { F, isAnyAdmin } from "~/permissions/features";
import { routeTable, type NavMenu } from "~/permissions/route-rules";

export interface NavLink {
  labelKey: string;
  to: string;
}

/**
 * The links of one menu, from the route table in its order: each offered by its route's rule
 * (a launcher link marked unchecked needs none), and only where the screen exists — unless
 * `includePlanned` asks for the links of routes still to come (the rules' own tests).
 */
export function menuLinks(
  menu: NavMenu,
  features: readonly string[],
  options: { includePlanned?: boolean } = {},
): NavLink[] {
  const links: NavLink[] = [];
  for (const access of Object.values(routeTable())) {
    if (access.planned && !options.includePlanned) continue;
    for (const entry of access.nav ?? []) {
      if (!entry.menus.includes(menu)) continue;
      const unchecked = menu === "launcher" && entry.launcherUnchecked;
      if (unchecked || satisfiesRule(features, access.rule)) links.push({ labelKey: entry.labelKey, to: entry.to });
    }
  }
  return links;
}

/** The header's Admin menu (SPEC §2 Header navigation). */
export function visibleAdminLinks(features: readonly string[], options?: { includePlanned?: boolean }): NavLink[] {
  return menuLinks("admin", features, options);
}

/** Header entries outside Admin: Documents and Support, each behind its route rule. */
export function visibleMainLinks(features: readonly string[]): NavLink[] {
  return menuLinks("main", features);
}

/** SPEC §6 launcher admin links: only with feature:dev and any-admin, then each by its own rule. */
export function launcherAdminLinks(features: readonly string[], options?: { includePlanned?: boolean }): NavLink[] {
  if (!features.includes(F.dev) || !isAnyAdmin(features)) return [];
  return menuLinks("launcher", features, options);
}

/** A screen the menus link to, and what keeps a user from it (none: they reach it). */
export interface ScreenVerdict {
  key: string;
  labelKey: string;
  to: string;
  rule: FeatureRule;
  shortfalls: RuleShortfall[];
}

/**
 * Every screen the header's menus link to (Admin and the main entries), each once, with the
 * guard's verdict for a feature list (issue #39 "why this access"): the route rule the guard
 * checks, and what of it fails.
 */
export function screenVerdicts(features: readonly string[]): ScreenVerdict[] {
  const screens: ScreenVerdict[] = [];
  for (const [key, access] of Object.entries(routeTable())) {
    if (access.planned) continue;
    const entry = access.nav?.find((nav) => nav.menus.includes("admin") || nav.menus.includes("main"));
    if (!entry) continue;
    screens.push({
      key,
      labelKey: entry.labelKey,
      to: entry.to,
      rule: access.rule,
      shortfalls: ruleShortfalls(features, access.rule),
    });
  }
  return screens;
}
