import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  customRuleFailures,
  customRuleHolds,
  RULE_ATTRIBUTES,
  type CustomRule,
  type RuleSubject,
} from "~/applications/custom-rule";
import {
  applicationVisibleTo,
  targetingChecks,
  type TargetedApplication,
  type TargetingSubject,
} from "~/applications/targeting";
import { screenVerdicts } from "~/navigation/admin-links";
import { computeAccessData } from "~/permissions/access-data";
import {
  featureGrants,
  heldFeatures,
  roleFeatureChains,
  type HeldRole,
  type NamedRoleNode,
} from "~/security-roles/feature-grants";
import { F, GRANTABLE_FEATURES } from "~/permissions/features";
import { grantedFeatures } from "~/security-roles/rules";
import { routeTable } from "~/permissions/route-rules";
import { ruleShortfalls, satisfiesRule, type FeatureRule } from "~/security/feature-rule";
import { askableFeatures, whyAnswer, whyPickOf, type EffectiveAccess } from "~/users/effective-access";

/* Oracles: the rules as they were written before issue #39 made them explain themselves. */
function satisfiesRuleBefore(features: readonly string[], rule: FeatureRule): boolean {
  const held = new Set(features);
  if (rule.exclude?.some((f) => held.has(f))) return false;
  if (rule.all && !rule.all.every((f) => held.has(f))) return false;
  if (rule.any && rule.any.length > 0 && !rule.any.some((f) => held.has(f))) return false;
  return true;
}

function customRuleHoldsBefore(rule: CustomRule, subject: RuleSubject, depth = 0): boolean {
  if (depth > 20) return false;
  if ("all" in rule) return rule.all.every((r) => customRuleHoldsBefore(r, subject, depth + 1));
  if ("any" in rule) return rule.any.some((r) => customRuleHoldsBefore(r, subject, depth + 1));
  if ("not" in rule) return !customRuleHoldsBefore(rule.not, subject, depth + 1);
  const v = subject[rule.attr];
  const values = typeof v === "string" ? [v] : v;
  if ("eq" in rule) return values.length === 1 && values[0] === rule.eq;
  if ("includes" in rule) return values.includes(rule.includes);
  return values.some((value) => rule.in.includes(value));
}

const FEATURES = ["a", "b", "c", "d", F.documentsView, F.usersRead];
const feature = fc.constantFrom(...FEATURES);
const features = fc.uniqueArray(feature, { maxLength: FEATURES.length });
const featureRule = fc.record(
  { all: features, any: features, exclude: features },
  { requiredKeys: [] },
) as fc.Arbitrary<FeatureRule>;

describe("issue #39 §1 why not: a route rule names what keeps a user out", () => {
  it("the shortfalls are none exactly when the guard lets the user in, whatever the rule and features", () => {
    fc.assert(
      fc.property(features, featureRule, (held, rule) => {
        const shortfalls = ruleShortfalls(held, rule);
        expect(shortfalls.length === 0).toBe(satisfiesRuleBefore(held, rule));
        expect(satisfiesRule(held, rule)).toBe(satisfiesRuleBefore(held, rule));
      }),
    );
  });

  it("names a missing feature of all-of, an excluded one held, and an any-of of which none is held", () => {
    expect(ruleShortfalls(["a", "x"], { all: ["a", "b"], any: ["c", "d"], exclude: ["x"] })).toEqual([
      { kind: "excluded", feature: "x" },
      { kind: "missing", feature: "b" },
      { kind: "noneOf", features: ["c", "d"] },
    ]);
    expect(ruleShortfalls(["a", "c"], { all: ["a"], any: ["c", "d"] })).toEqual([]);
  });

  it("every screen of the menus carries the guard's verdict for a feature list", () => {
    const held = [F.usersRead, F.documentsView];
    const screens = screenVerdicts(held);
    expect(screens.length).toBeGreaterThan(3);
    for (const screen of screens) {
      expect(screen.shortfalls.length === 0, screen.key).toBe(satisfiesRule(held, routeTable()[screen.key].rule));
    }
    expect(screens.find((screen) => screen.key === "users")?.shortfalls).toEqual([]);
  });
});

const subjectValues = fc.uniqueArray(fc.constantFrom("x", "y", "z"), { maxLength: 3 });
const leaf: fc.Arbitrary<CustomRule> = fc.oneof(
  fc.record({ attr: fc.constantFrom(...RULE_ATTRIBUTES), eq: fc.constantFrom("x", "y") }),
  fc.record({ attr: fc.constantFrom(...RULE_ATTRIBUTES), includes: fc.constantFrom("x", "y") }),
  fc.record({
    attr: fc.constantFrom(...RULE_ATTRIBUTES),
    in: fc.uniqueArray(fc.constantFrom("x", "y", "z"), { minLength: 1 }),
  }),
);
const customRule: fc.Arbitrary<CustomRule> = fc.letrec<{ rule: CustomRule }>((tie) => ({
  rule: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ all: fc.array(tie("rule"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ any: fc.array(tie("rule"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie("rule") }),
  ),
})).rule;
const ruleSubject = fc.record(
  Object.fromEntries(RULE_ATTRIBUTES.map((name) => [name, subjectValues])) as Record<
    (typeof RULE_ATTRIBUTES)[number],
    fc.Arbitrary<string[]>
  >,
) as fc.Arbitrary<RuleSubject>;

describe("issue #39 §1 why not: a custom rule names its failing conditions", () => {
  it("fails with conditions exactly when it does not hold, for any rule and user", () => {
    fc.assert(
      fc.property(customRule, ruleSubject, (rule, subject) => {
        const failures = customRuleFailures(rule, subject);
        expect(failures.length === 0).toBe(customRuleHoldsBefore(rule, subject));
        expect(customRuleHolds(rule, subject)).toBe(customRuleHoldsBefore(rule, subject));
      }),
    );
  });

  it("names the condition with the user's values, and a negation that holds", () => {
    const subject = { ...Object.fromEntries(RULE_ATTRIBUTES.map((a) => [a, []])), userType: "external" } as RuleSubject;
    expect(customRuleFailures({ attr: "userType", eq: "internal" }, subject)).toEqual([
      { kind: "condition", rule: { attr: "userType", eq: "internal" }, values: ["external"] },
    ]);
    expect(customRuleFailures({ not: { attr: "userType", eq: "external" } }, subject)).toEqual([
      { kind: "negated", rule: { attr: "userType", eq: "external" } },
    ]);
  });
});

function applicationVisibleBefore(app: TargetedApplication, subject: TargetingSubject): boolean {
  const intersects = (required: readonly string[], held: readonly string[]) =>
    required.length === 0 || required.some((v) => held.includes(v));
  if (app.requiresAssignment && subject.assignedApplicationIds && !subject.assignedApplicationIds.includes(app.id))
    return false;
  if (!subject.brandIds.includes(app.brandId)) return false;
  if (!subject.regions.includes(app.regionCode)) return false;
  if (!intersects(app.webRoles, subject.webRoles)) return false;
  if (!intersects(app.organizationTypes, subject.organizationTypes)) return false;
  if (!intersects(app.contractTypes, subject.contractTypes)) return false;
  if (app.customRules === null || app.customRules === undefined) return true;
  const valuesOf = (values: string | readonly string[]) => values;
  return customRuleHoldsBefore(app.customRules as CustomRule, {
    userType: valuesOf(subject.userType),
    role: subject.role,
    features: subject.features,
    regions: subject.regions,
    brands: subject.brandIds.map(String),
    webRoles: subject.webRoles,
    organizationTypes: subject.organizationTypes,
    contractTypes: subject.contractTypes,
    contractCodes: subject.contractCodes,
  });
}

const values = fc.uniqueArray(fc.constantFrom("x", "y", "z"), { maxLength: 2 });
const application: fc.Arbitrary<TargetedApplication> = fc.record({
  id: fc.integer({ min: 1, max: 3 }),
  brandId: fc.integer({ min: 1, max: 2 }),
  regionCode: fc.constantFrom("NA", "EMEA"),
  webRoles: values,
  organizationTypes: values,
  contractTypes: values,
  customRules: fc.option(customRule, { nil: null }),
  requiresAssignment: fc.boolean(),
});
const targetingSubject: fc.Arbitrary<TargetingSubject> = fc.record({
  brandIds: fc.uniqueArray(fc.integer({ min: 1, max: 2 }), { maxLength: 2 }),
  regions: fc.uniqueArray(fc.constantFrom("NA", "EMEA"), { maxLength: 2 }),
  webRoles: values,
  organizationTypes: values,
  contractTypes: values,
  contractCodes: values,
  userType: fc.constantFrom("x", "internal"),
  role: fc.constantFrom("x", "admin"),
  features: values,
  assignedApplicationIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 3 })), { nil: null }),
});

describe("issue #39 §1 why this application: the launcher's targeting with its reasons", () => {
  it("every check holds exactly when the launcher shows the application, for any application and user", () => {
    fc.assert(
      fc.property(application, targetingSubject, (app, subject) => {
        const checks = targetingChecks(app, subject);
        expect(checks.every((check) => check.holds)).toBe(applicationVisibleBefore(app, subject));
        expect(applicationVisibleTo(app, subject)).toBe(applicationVisibleBefore(app, subject));
      }),
    );
  });

  it("names each condition: the brand, the region, the list value matched, the custom rule", () => {
    const app: TargetedApplication = {
      id: 1,
      brandId: 1,
      regionCode: "NA",
      webRoles: [],
      organizationTypes: ["DEALER", "RENTAL"],
      contractTypes: ["SERVICE"],
      customRules: { attr: "userType", eq: "internal" },
      requiresAssignment: false,
    };
    const subject: TargetingSubject = {
      brandIds: [1],
      regions: ["NA"],
      webRoles: [],
      organizationTypes: ["RENTAL"],
      contractTypes: [],
      contractCodes: [],
      userType: "external",
      role: "regular",
      features: [],
      assignedApplicationIds: [],
    };
    const checks = targetingChecks(app, subject);
    expect(checks.map((check) => [check.kind, check.holds])).toEqual([
      ["brand", true],
      ["region", true],
      ["webRoles", true],
      ["organizationTypes", true],
      ["contractTypes", false],
      ["customRule", false],
    ]);
    expect(checks[3]).toMatchObject({ matched: ["RENTAL"], required: ["DEALER", "RENTAL"] });
    expect(targetingChecks({ ...app, customRules: { nonsense: true } }, subject).at(-1)).toMatchObject({
      kind: "customRule",
      holds: false,
      rule: null,
    });
  });
});

const roles = new Map<number, NamedRoleNode>([
  [1, { id: 1, name: "Dealer Admin", features: [F.usersRead], children: [2] }],
  [2, { id: 2, name: "Service Manager", features: [], children: [3] }],
  [3, { id: 3, name: "Technician", features: [F.documentsView], children: [1] }],
  [4, { id: 4, name: "Writer", features: [F.announcementsWrite], children: [] }],
]);

describe("issue #39 §1 why this feature: the chain from a role held at a location to the feature", () => {
  it("walks a role's children to each feature by the shortest chain, and a cycle ends the walk", () => {
    const chains = roleFeatureChains(1, roles);
    expect(chains.get(F.usersRead)).toEqual(["Dealer Admin"]);
    expect(chains.get(F.documentsView)).toEqual(["Dealer Admin", "Service Manager", "Technician"]);
    expect(roleFeatureChains(99, roles).size).toBe(0);
  });

  it("a portal-wide feature named at a dealer's location is shown as not counted; at the maker's it counts, with the scope", () => {
    const held: HeldRole[] = [
      { roleId: 4, organizationId: 10, organizationName: "Springfield", organizationKind: "location" },
      { roleId: 1, organizationId: 10, organizationName: "Springfield", organizationKind: "location" },
    ];
    const grants = featureGrants(held, roles, { employeeNumber: "E1", directoryGroups: ["ops"] }, "okta");
    const of = (name: string) => grants.find((grant) => grant.feature === name);
    expect(of(F.announcementsWrite)).toMatchObject({ sources: [], notCounted: [{ kind: "role", chain: ["Writer"] }] });
    expect(of(F.documentsView)?.sources).toEqual([
      {
        kind: "role",
        organizationName: "Springfield",
        organizationKind: "location",
        chain: ["Dealer Admin", "Service Manager", "Technician"],
      },
    ]);
    expect(of(F.serialNumberPresent)?.sources).toEqual([{ kind: "employeeNumber" }]);
    expect(of("okta:ops")?.sources).toEqual([{ kind: "directoryGroup", group: "ops" }]);
    expect(of(F.portalScope)).toBeUndefined();
    const atOem = featureGrants(
      [{ roleId: 4, organizationId: 1, organizationName: "Maker NA", organizationKind: "internal" }],
      roles,
      { employeeNumber: null, directoryGroups: [] },
      "okta",
    );
    expect(atOem.map((grant) => grant.feature)).toEqual([F.announcementsWrite, F.portalScope].sort());
  });

  it("the features held are the access profile's, for any role graph and places", () => {
    const graph = fc
      .array(
        fc.record({
          features: fc.uniqueArray(fc.constantFrom(...GRANTABLE_FEATURES), { maxLength: 3 }),
          children: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        }),
        { minLength: 6, maxLength: 6 },
      )
      .map(
        (nodes) =>
          new Map(
            nodes.map((node, index) => [
              index + 1,
              { id: index + 1, name: `R${index + 1}`, features: node.features, children: node.children },
            ]),
          ),
      );
    const places = fc.array(
      fc.record({
        roleId: fc.integer({ min: 1, max: 6 }),
        organizationId: fc.integer({ min: 1, max: 3 }),
        organizationKind: fc.constantFrom("location" as const, "dealer" as const, "internal" as const),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(graph, places, fc.boolean(), (graphNodes, placed, employee) => {
        const held = placed.map((place) => ({ ...place, organizationName: `O${place.organizationId}` }));
        const identity = { employeeNumber: employee ? "E" : null, directoryGroups: ["g"], requiredActions: [] };
        const rows = held.map((place) => ({
          roleFeatures: grantedFeatures([place.roleId], graphNodes),
          organizationId: place.organizationId,
          organizationName: place.organizationName,
          organizationKind: place.organizationKind,
          brandId: 1,
          brandName: "B",
          regionCode: "NA",
        }));
        const profile = computeAccessData(identity, rows, "okta").features;
        expect(heldFeatures(featureGrants(held, graphNodes, identity, "okta")).sort()).toEqual([...profile].sort());
      }),
    );
  });
});

describe("issue #39 §1 why not: the question in the address and its answer", () => {
  const access: EffectiveAccess = {
    active: true,
    features: [
      { feature: F.documentsView, sources: [{ kind: "employeeNumber" }], notCounted: [] },
      {
        feature: F.announcementsWrite,
        sources: [],
        notCounted: [{ kind: "role", organizationName: "S", organizationKind: "location", chain: ["W"] }],
      },
    ],
    applications: [
      {
        id: 7,
        name: "Warranty",
        brandName: "B",
        regionCode: "NA",
        visible: false,
        checks: [{ kind: "region", holds: false, regionCode: "NA" }],
      },
    ],
    screens: [
      {
        key: "users",
        labelKey: "nav.users",
        to: "/admin/users",
        rule: { all: [F.usersRead] },
        shortfalls: [{ kind: "missing", feature: F.usersRead }],
      },
    ],
  };

  it("reads application, feature and screen questions, and nothing else", () => {
    expect(whyPickOf("application:7")).toEqual({ kind: "application", id: 7 });
    expect(whyPickOf("feature:documents:view")).toEqual({ kind: "feature", feature: "documents:view" });
    expect(whyPickOf("screen:users")).toEqual({ kind: "screen", key: "users" });
    for (const bad of [null, "", "application:x", "application:", ":7", "role:1", "x".repeat(300)])
      expect(whyPickOf(bad)).toBeNull();
  });

  it("answers with the failing conditions; unknown items have no answer", () => {
    expect(whyAnswer(access, { kind: "application", id: 7 })).toMatchObject({
      holds: false,
      failing: [{ kind: "region" }],
    });
    expect(whyAnswer(access, { kind: "screen", key: "users" })).toMatchObject({
      holds: false,
      shortfalls: [{ kind: "missing" }],
    });
    expect(whyAnswer(access, { kind: "feature", feature: F.documentsView })).toMatchObject({ holds: true });
    expect(whyAnswer(access, { kind: "feature", feature: F.announcementsWrite })).toMatchObject({
      holds: false,
      grant: { notCounted: [{ chain: ["W"] }] },
    });
    expect(whyAnswer(access, { kind: "application", id: 8 })).toBeNull();
    expect(whyAnswer(access, { kind: "feature", feature: "nonsense" })).toBeNull();
    expect(askableFeatures(access)).toContain(F.usersWrite);
  });
});
