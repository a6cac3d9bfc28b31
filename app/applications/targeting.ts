import {
  customRuleFailures,
  customRuleSchema,
  type CustomRule,
  type RuleFailure,
  type RuleSubject,
} from "./custom-rule";

/** What targeting reads of an application. */
export interface TargetedApplication {
  id: number;
  brandId: number;
  regionCode: string;
  webRoles: readonly string[];
  organizationTypes: readonly string[];
  contractTypes: readonly string[];
  customRules: unknown;
  requiresAssignment: boolean;
}

/** What targeting reads of a user: their brands, regions, roles, organizations and contracts. */
export interface TargetingSubject {
  brandIds: readonly number[];
  regions: readonly string[];
  webRoles: readonly string[];
  organizationTypes: readonly string[];
  contractTypes: readonly string[];
  contractCodes: readonly string[];
  userType: string;
  role: string;
  features: readonly string[];
  /** Applications flagged "requires assignment" assigned to the user; null: ignore the flag (what could be assigned). */
  assignedApplicationIds: readonly number[] | null;
}

export function ruleSubjectOf(subject: TargetingSubject): RuleSubject {
  return {
    userType: subject.userType,
    role: subject.role,
    features: subject.features,
    regions: subject.regions,
    brands: subject.brandIds.map(String),
    webRoles: subject.webRoles,
    organizationTypes: subject.organizationTypes,
    contractTypes: subject.contractTypes,
    contractCodes: subject.contractCodes,
  };
}

/** The targeting lists an application may set: each must share a value with the user's. */
export const TARGETING_LISTS = ["webRoles", "organizationTypes", "contractTypes"] as const;
export type TargetingList = (typeof TARGETING_LISTS)[number];

/**
 * One condition of an application's targeting, for one user, and whether it holds (issue #39:
 * the launcher's verdict with its reasons). `matched` names the user's values a list shares (an
 * empty list targets everyone).
 */
export type TargetingCheck =
  | { kind: "assignment"; holds: boolean }
  | { kind: "brand"; holds: boolean; brandId: number }
  | { kind: "region"; holds: boolean; regionCode: string }
  | { kind: TargetingList; holds: boolean; required: readonly string[]; matched: readonly string[] }
  | { kind: "customRule"; holds: boolean; rule: CustomRule | null; failures: readonly RuleFailure[] };

/**
 * The conditions of an application's targeting for a user, in the order they are decided: an
 * application flagged "requires assignment" needs the user assigned to it; its brand and region
 * must be the user's; each targeting list it sets must share a value with the user's; custom
 * rules, when set, must hold, and rules that do not parse hide the application (never shown by
 * mistake). With `firstOnly` it stops at the first that fails (the launcher only needs the verdict).
 */
export function targetingChecks(
  app: TargetedApplication,
  subject: TargetingSubject,
  options: { firstOnly?: boolean } = {},
): TargetingCheck[] {
  const checks: TargetingCheck[] = [];
  const stop = (check: TargetingCheck) => {
    checks.push(check);
    return options.firstOnly === true && !check.holds;
  };
  if (app.requiresAssignment && subject.assignedApplicationIds) {
    if (stop({ kind: "assignment", holds: subject.assignedApplicationIds.includes(app.id) })) return checks;
  }
  if (stop({ kind: "brand", holds: subject.brandIds.includes(app.brandId), brandId: app.brandId })) return checks;
  if (stop({ kind: "region", holds: subject.regions.includes(app.regionCode), regionCode: app.regionCode }))
    return checks;
  for (const kind of TARGETING_LISTS) {
    const required = app[kind];
    const matched = required.filter((value) => subject[kind].includes(value));
    if (stop({ kind, holds: required.length === 0 || matched.length > 0, required, matched })) return checks;
  }
  if (app.customRules !== null && app.customRules !== undefined) {
    const rule = customRuleSchema.safeParse(app.customRules);
    const failures = rule.success ? customRuleFailures(rule.data, ruleSubjectOf(subject)) : [];
    checks.push({
      kind: "customRule",
      holds: rule.success && failures.length === 0,
      rule: rule.data ?? null,
      failures,
    });
  }
  return checks;
}

/** Whether a user sees an application: every condition of its targeting holds (`targetingChecks`). */
export function applicationVisibleTo(app: TargetedApplication, subject: TargetingSubject): boolean {
  return targetingChecks(app, subject, { firstOnly: true }).every((check) => check.holds);
}

/**
 * Whether an application belongs in the launcher of the brand the user is in (SPEC §4: regrouped on a
 * brand change). A user of several brands sees the applications of their current theme brand only;
 * switching brands shows the other brand's. No brand given: every brand the user holds (the API).
 */
export function inLauncherBrand(app: Pick<TargetedApplication, "brandId">, themeBrand: number | undefined): boolean {
  return themeBrand === undefined || app.brandId === themeBrand;
}
