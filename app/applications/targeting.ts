import { customRuleHolds, customRuleSchema, type RuleSubject } from "./custom-rule";

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

const intersects = (required: readonly string[], held: readonly string[]) =>
  required.length === 0 || required.some((v) => held.includes(v));

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

/**
 * Whether a user sees an application: its brand and region are the user's, and each targeting
 * list it sets (web security roles, organization types, contract types) shares a value with the
 * user's; an empty list targets everyone. Custom rules, when set, must hold; rules that do not
 * parse hide the application (never shown by mistake). An application flagged "requires
 * assignment" shows only to the users assigned to it.
 */
export function applicationVisibleTo(app: TargetedApplication, subject: TargetingSubject): boolean {
  if (app.requiresAssignment && subject.assignedApplicationIds && !subject.assignedApplicationIds.includes(app.id))
    return false;
  if (!subject.brandIds.includes(app.brandId)) return false;
  if (!subject.regions.includes(app.regionCode)) return false;
  if (!intersects(app.webRoles, subject.webRoles)) return false;
  if (!intersects(app.organizationTypes, subject.organizationTypes)) return false;
  if (!intersects(app.contractTypes, subject.contractTypes)) return false;
  if (app.customRules === null || app.customRules === undefined) return true;
  const rule = customRuleSchema.safeParse(app.customRules);
  return rule.success && customRuleHolds(rule.data, ruleSubjectOf(subject));
}

/**
 * Whether an application belongs in the launcher of the brand the user is in (SPEC §4: regrouped on a
 * brand change). A user of several brands sees the applications of their current theme brand only;
 * switching brands shows the other brand's. No brand given: every brand the user holds (the API).
 */
export function inLauncherBrand(app: Pick<TargetedApplication, "brandId">, themeBrand: number | undefined): boolean {
  return themeBrand === undefined || app.brandId === themeBrand;
}
