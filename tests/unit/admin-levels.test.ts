import { describe, expect, it } from "vitest";
import { brandsWithinScope, featuresThatCount, PORTAL_WIDE_FEATURES, portalScopeOf } from "~/permissions/admin-levels";
import { computeAccessData, hasActiveOrganization } from "~/permissions/access-data";
import { F, GRANTABLE_FEATURES } from "~/permissions/features";

describe("issue #30 §2 two levels of administration: a role's features count where it is held", () => {
  const adminRole = [F.securityRolesWrite, F.applicationsWrite, F.announcementsWrite, F.usersWrite, F.documentsWrite];

  it("held at an OEM organization, every feature counts", () => {
    expect(featuresThatCount("internal", adminRole)).toEqual(adminRole);
  });

  it("held at a dealer's location or dealer, the portal-wide features do not count", () => {
    for (const kind of ["location", "dealer"] as const)
      expect(featuresThatCount(kind, adminRole)).toEqual([F.usersWrite]);
  });

  it("the portal-wide features are the catalogue's writes, the cross-dealer integration report and the dealer network (issue #40)", () => {
    expect([...PORTAL_WIDE_FEATURES].sort()).toEqual(
      [
        F.securityRolesWrite,
        F.permissionSetsWrite,
        F.applicationsWrite,
        F.announcementsWrite,
        F.documentsWrite,
        F.integrationStatusRead,
        F.networkRead,
      ].sort(),
    );
  });

  it("the portal scope is the brands and regions of the OEM organizations only", () => {
    expect(
      portalScopeOf([
        { organizationKind: "internal", brandId: 4, regionCode: "EMEA" },
        { organizationKind: "location", brandId: 3, regionCode: "APAC" },
        { organizationKind: "internal", brandId: 1, regionCode: "NA" },
      ]),
    ).toEqual({ brandIds: [1, 4], regionCodes: ["EMEA", "NA"] });
  });

  it("content may be targeted only within the scope's brands", () => {
    const scope = { brandIds: [1, 2, 4], regionCodes: ["NA"] };
    expect(brandsWithinScope(scope, [1, 4])).toBe(true);
    expect(brandsWithinScope(scope, [1, 3])).toBe(false);
    expect(brandsWithinScope({ brandIds: [], regionCodes: [] }, [1])).toBe(false);
  });

  it("the access data: portal-wide features and scope:portal only from an OEM assignment", () => {
    const row = (kind: "internal" | "location", features: string[]) => ({
      roleFeatures: features,
      organizationId: kind === "internal" ? 90 : 10,
      organizationName: kind,
      organizationKind: kind,
      brandId: 1,
      brandName: "Vantor",
      regionCode: "NA",
    });
    const identity = { employeeNumber: null, directoryGroups: [], requiredActions: [] };
    expect(computeAccessData(identity, [row("location", adminRole)], "okta").features).toEqual([F.usersWrite]);
    expect(computeAccessData(identity, [row("internal", adminRole)], "okta").features).toEqual(
      [...adminRole, F.portalScope].sort(),
    );
  });

  it("scope:portal is derived, never granted by a role", () => {
    expect(GRANTABLE_FEATURES).not.toContain(F.portalScope);
  });
});

describe("SPEC §8 No Active Organization Assigned", () => {
  const brand = { id: 1, name: "Vantor" };
  const workspace = { id: 9, name: "Columbus" };
  it("a user needs a brand and an organization", () => {
    expect(hasActiveOrganization({ brands: [brand], workspaces: [workspace] })).toBe(true);
    expect(hasActiveOrganization({ brands: [], workspaces: [] })).toBe(false);
    expect(hasActiveOrganization({ brands: [brand], workspaces: [] })).toBe(false);
    expect(hasActiveOrganization({ brands: [], workspaces: [workspace] })).toBe(false);
  });
});
