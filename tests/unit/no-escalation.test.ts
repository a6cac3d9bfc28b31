import { describe, expect, it } from "vitest";
import {
  assignersHeldByEditor,
  featuresNotHeld,
  NO_GRANTS,
  roleSaveEscalation,
  type Delegator,
  type RoleGrants,
} from "~/security-roles/delegation";
import type { RoleNode } from "~/security-roles/rules";
import { isPortalWide } from "~/permissions/admin-levels";
import { securityRoleRefusal } from "~/security-roles/refusals";
import { setRolesEscalation } from "~/permission-sets/rules";
import { permissionSetRefusal } from "~/permission-sets/refusals";
import { privilegeChanges, type ExistingIdentity, type IdentityImportRow } from "~/imports/identity-rules";
import { selfChangeRefused } from "~/users/self-change";

/*
 * Issue #30 §3 "No escalation by delegation": what a role grants changes only at the hands of a
 * portal-wide administrator, never to grant what the editor lacks.
 */

// 1 Dealer staff (documents:view); 2 Dealer administrator (users) with child 1; 3 Auditor (users:read);
// 4 Catalogue (roles:write) with child 3; 5 Principal, no features, child 1.
const roles = new Map<number, RoleNode>([
  [1, { id: 1, features: ["documents:view"], children: [] }],
  [2, { id: 2, features: ["admin:users:write", "admin:users:read"], children: [1] }],
  [3, { id: 3, features: ["admin:users:read"], children: [] }],
  [4, { id: 4, features: ["admin:securityRoles:write"], children: [3] }],
  [5, { id: 5, features: [], children: [1] }],
]);

const portalAdmin: Delegator = {
  portalWide: true,
  features: ["admin:securityRoles:write", "admin:users:write", "documents:view"],
  roleIds: [4],
};
const dealerAdmin: Delegator = {
  portalWide: false,
  // Even a future grant of the write feature at a dealer does not make them portal-wide.
  features: ["admin:securityRoles:write", "admin:users:write", "admin:users:read", "documents:view"],
  roleIds: [2],
};
const staff: RoleGrants = { features: ["documents:view"], children: [], parents: [5], assignableBy: [2] };

describe("SPEC #30 a role's features can be changed only by a portal-wide administrator and never to a feature they do not hold", () => {
  it("portal-wide means holding a role at an OEM organization: a portal scope with brands", () => {
    expect(isPortalWide({ brandIds: [1, 2], regionCodes: ["NA"] })).toBe(true);
    expect(isPortalWide({ brandIds: [], regionCodes: [] })).toBe(false);
  });

  it("someone not portal-wide changes no role's features, children or parents, whatever features they hold", () => {
    const added = { ...staff, features: ["documents:view", "admin:users:read"] };
    expect(roleSaveEscalation(dealerAdmin, 1, staff, added, roles)).toEqual({
      kind: "portalWideOnly",
      field: "features",
    });
    expect(roleSaveEscalation(dealerAdmin, 1, staff, { ...staff, features: [] }, roles)).toEqual({
      kind: "portalWideOnly",
      field: "features",
    });
    expect(roleSaveEscalation(dealerAdmin, 5, NO_GRANTS, { ...NO_GRANTS, children: [1] }, roles)).toEqual({
      kind: "portalWideOnly",
      field: "children",
    });
    expect(roleSaveEscalation(dealerAdmin, 1, staff, { ...staff, parents: [] }, roles)).toEqual({
      kind: "portalWideOnly",
      field: "parents",
    });
    // Creating is the same: a new role with features is a change from none.
    expect(
      roleSaveEscalation(dealerAdmin, 0, NO_GRANTS, { ...NO_GRANTS, features: ["documents:view"] }, roles),
    ).toEqual({ kind: "portalWideOnly", field: "features" });
    // The order of the lists is no change.
    expect(
      roleSaveEscalation(
        dealerAdmin,
        2,
        { ...NO_GRANTS, features: ["b", "a"] },
        { ...NO_GRANTS, features: ["a", "b"] },
        roles,
      ),
    ).toBeNull();
  });

  it("a portal-wide administrator adds only features they hold; those on the role they lack may stay or go", () => {
    const added = { ...staff, features: ["documents:view", "admin:users:read"] };
    expect(roleSaveEscalation(portalAdmin, 1, staff, added, roles)).toEqual({
      kind: "featuresNotHeld",
      features: ["admin:users:read"],
    });
    expect(
      roleSaveEscalation(portalAdmin, 1, staff, { ...staff, features: ["documents:view", "admin:users:write"] }, roles),
    ).toBeNull();
    const kept = { ...NO_GRANTS, features: ["admin:users:read", "documents:view"] };
    expect(
      roleSaveEscalation(portalAdmin, 3, kept, { ...kept, features: [...kept.features, "admin:users:write"] }, roles),
    ).toBeNull();
    expect(roleSaveEscalation(portalAdmin, 3, kept, { ...kept, features: ["documents:view"] }, roles)).toBeNull();
    expect(roleSaveEscalation(portalAdmin, 0, NO_GRANTS, { ...NO_GRANTS, features: ["feature:dev"] }, roles)).toEqual({
      kind: "featuresNotHeld",
      features: ["feature:dev"],
    });
  });

  it("a child whose features, transitively, include one the editor lacks is an escalation too", () => {
    // Catalogue (4) grants roles:write and, through the Auditor (3), users:read: the editor lacks users:read.
    expect(
      roleSaveEscalation(portalAdmin, 5, { ...NO_GRANTS, children: [1] }, { ...NO_GRANTS, children: [1, 4] }, roles),
    ).toEqual({
      kind: "childrenGrantNotHeld",
      features: ["admin:users:read"],
    });
    // A child granting only what the editor holds may be added; a child already there may stay.
    expect(roleSaveEscalation(portalAdmin, 0, NO_GRANTS, { ...NO_GRANTS, children: [1] }, roles)).toBeNull();
    const withCatalogue = { ...NO_GRANTS, children: [4] };
    expect(
      roleSaveEscalation(portalAdmin, 5, withCatalogue, { ...withCatalogue, features: ["documents:view"] }, roles),
    ).toBeNull();
  });

  it("a parent added spreads the role's features to its holders: refused when the editor lacks one of them", () => {
    // The Auditor (3) made a child of the Principal (5) would give principals users:read.
    expect(
      roleSaveEscalation(
        portalAdmin,
        3,
        { ...NO_GRANTS, features: ["admin:users:read"] },
        { ...NO_GRANTS, features: ["admin:users:read"], parents: [5] },
        roles,
      ),
    ).toEqual({
      kind: "parentsSpreadNotHeld",
      features: ["admin:users:read"],
    });
    expect(roleSaveEscalation(portalAdmin, 1, { ...staff, parents: [] }, staff, roles)).toBeNull();
  });

  it("the features not held are named sorted, once each", () => {
    expect(featuresNotHeld(["a"], ["c", "a", "b", "c"])).toEqual(["b", "c"]);
  });
});

describe("SPEC #30 a role cannot be made assignable by a role the editor holds unless they are portal-wide", () => {
  it("someone not portal-wide cannot add a role they hold to the assignable-by list; other roles, or removing, pass", () => {
    expect(assignersHeldByEditor(dealerAdmin, [], [2, 3])).toEqual([2]);
    expect(assignersHeldByEditor(dealerAdmin, [2], [2, 3])).toEqual([]);
    expect(assignersHeldByEditor(dealerAdmin, [2], [])).toEqual([]);
    expect(roleSaveEscalation(dealerAdmin, 3, NO_GRANTS, { ...NO_GRANTS, assignableBy: [2] }, roles)).toEqual({
      kind: "assignableBySelf",
      roleIds: [2],
    });
  });

  it("a portal-wide administrator may make a role assignable by their own role", () => {
    expect(assignersHeldByEditor(portalAdmin, [], [4])).toEqual([]);
    expect(roleSaveEscalation(portalAdmin, 1, staff, { ...staff, assignableBy: [2, 4] }, roles)).toBeNull();
  });

  it("each refusal is a 403 on the field that would grant it, in the editor and the API alike", () => {
    expect(securityRoleRefusal({ kind: "portalWideOnly", field: "children" })).toEqual({
      message: "adminSecurityRoles.portalWideOnly",
      field: "children",
      status: 403,
    });
    expect(securityRoleRefusal({ kind: "featuresNotHeld", features: ["x"] })).toMatchObject({
      message: "adminSecurityRoles.featuresNotHeld",
      field: "features",
      status: 403,
    });
    expect(securityRoleRefusal({ kind: "childrenGrantNotHeld", features: ["x"] })).toMatchObject({
      field: "children",
      status: 403,
    });
    expect(securityRoleRefusal({ kind: "parentsSpreadNotHeld", features: ["x"] })).toMatchObject({
      field: "parents",
      status: 403,
    });
    expect(securityRoleRefusal({ kind: "assignableBySelf", roles: ["Dealer administrator"] })).toMatchObject({
      message: "adminSecurityRoles.assignableBySelf",
      field: "assignableBy",
      status: 403,
    });
  });
});

describe("SPEC #30 a permission set's roles can be changed only by a portal-wide administrator and never to a role granting a feature they do not hold", () => {
  it("someone not portal-wide changes no set's roles; their order is no change", () => {
    expect(setRolesEscalation(dealerAdmin, [1], [1, 5], roles)).toEqual({ kind: "portalWideOnly" });
    expect(setRolesEscalation(dealerAdmin, [1, 5], [1], roles)).toEqual({ kind: "portalWideOnly" });
    expect(setRolesEscalation(dealerAdmin, [], [1], roles)).toEqual({ kind: "portalWideOnly" });
    expect(setRolesEscalation(dealerAdmin, [1, 5], [5, 1], roles)).toBeNull();
  });

  it("a portal-wide administrator adds no role granting, transitively, a feature they lack; roles offered already may stay", () => {
    expect(setRolesEscalation(portalAdmin, [1], [1, 4], roles)).toEqual({
      kind: "rolesGrantNotHeld",
      features: ["admin:users:read"],
    });
    expect(setRolesEscalation(portalAdmin, [1], [1, 5], roles)).toBeNull();
    expect(setRolesEscalation(portalAdmin, [3], [3, 1], roles)).toBeNull();
    expect(permissionSetRefusal({ kind: "rolesGrantNotHeld", features: ["x"] })).toEqual({
      message: "adminPermissionSets.rolesGrantNotHeld",
      field: "securityRoles",
      status: 403,
    });
    expect(permissionSetRefusal({ kind: "portalWideOnly" })).toMatchObject({ field: "securityRoles", status: 403 });
  });
});

describe("SPEC #30 the identity import cannot change the importing administrator's own privileges", () => {
  const existing: ExistingIdentity = {
    contact: {
      firstName: "Pat",
      lastName: "Principal",
      jobTitle: "",
      phoneMobile: "",
      phoneSecondary: "",
      preferredLanguage: "en",
      userType: "external",
      role: "admin",
    },
    locations: [10, 11],
    roles: [2],
  };
  const row = (
    changes: { contact?: Partial<IdentityImportRow["contact"]>; locations?: number[]; roles?: number[] } = {},
  ): IdentityImportRow => ({
    row: 2,
    locations: changes.locations ?? [10, 11],
    roles: changes.roles ?? [2],
    contact: { ...existing.contact, email: "pat@example.com", ...changes.contact },
  });

  it("names each field granting access a row changes, with its column; contact data is none of them", () => {
    expect(privilegeChanges(row(), existing)).toEqual([]);
    expect(privilegeChanges(row({ contact: { jobTitle: "Owner", firstName: "Patricia" } }), existing)).toEqual([]);
    expect(privilegeChanges(row({ locations: [11, 10] }), existing)).toEqual([
      { field: "locations", column: "locationIds" },
    ]);
    expect(
      privilegeChanges(row({ contact: { userType: "internal", role: "regular" }, roles: [1, 2] }), existing),
    ).toEqual([
      { field: "userType", column: "userType" },
      { field: "role", column: "role" },
      { field: "roles", column: "securityRoles" },
    ]);
  });

  it("selfChangeRefused decides: one's own row with such a change is refused, another user's is not", () => {
    const changed = privilegeChanges(row({ roles: [1] }), existing).map((change) => change.field);
    expect(selfChangeRefused(7, 7, changed)).toBe(true);
    expect(selfChangeRefused(7, 8, changed)).toBe(false);
    expect(selfChangeRefused(7, 7, [])).toBe(false);
  });
});
