/**
 * Issue #30 §6: a property over random role graphs, grants and requests. A dealer administrator
 * (roles held at a dealer location only) edits roles and assigns roles to users as the rules allow
 * (`roleSaveEscalation`, the assignable-by rule, `selfChangeRefused`); whatever they try, they never
 * hold a feature or a portal scope they did not hold before.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeAccessData } from "~/permissions/access-data";
import {
  featuresThatCount,
  isPortalWide,
  portalScopeOf,
  PORTAL_WIDE_FEATURES,
  type OrganizationKind,
} from "~/permissions/admin-levels";
import { F } from "~/permissions/features";
import { roleSaveEscalation, type RoleGrants } from "~/security-roles/delegation";
import { grantedFeatures, type RoleNode } from "~/security-roles/rules";
import { selfChangeRefused } from "~/users/self-change";

const FEATURES = [...PORTAL_WIDE_FEATURES, F.usersWrite, F.usersRead, F.documentsView, F.auditUsersRead, F.dev];
const ROLE_IDS = [1, 2, 3, 4, 5, 6];
const EDITOR = 1;
const OEM = 100;
const ORGANIZATIONS: Record<number, OrganizationKind> = { 10: "location", 11: "location", [OEM]: "internal" };

interface Role extends RoleGrants {
  id: number;
}

interface Assignment {
  userId: number;
  roleId: number;
  organizationId: number;
}

const roleIds = fc.subarray(ROLE_IDS, { maxLength: 3 });
const grants = fc.record({
  features: fc.subarray(FEATURES, { maxLength: 4 }),
  children: roleIds,
  parents: roleIds,
  assignableBy: roleIds,
});

const world = fc.record({
  roles: fc.tuple(...ROLE_IDS.map(() => grants)),
  // The dealer administrator's roles, all at their dealer location 10.
  editorRoles: fc.subarray(ROLE_IDS, { minLength: 1, maxLength: 3 }),
  // Other users' roles anywhere, the maker's organization included.
  others: fc.array(
    fc.record({
      userId: fc.constantFrom(2, 3),
      roleId: fc.constantFrom(...ROLE_IDS),
      organizationId: fc.constantFrom(10, 11, OEM),
    }),
    { maxLength: 4 },
  ),
});

const request = fc.oneof(
  fc.record({ kind: fc.constant("editRole" as const), roleId: fc.constantFrom(...ROLE_IDS), after: grants }),
  fc.record({
    kind: fc.constant("assign" as const),
    userId: fc.constantFrom(EDITOR, 2, 3),
    roleId: fc.constantFrom(...ROLE_IDS),
    organizationId: fc.constantFrom(10, 11, OEM),
  }),
);

/** The role graph as the rules read it: a role's parents are the roles listing it as a child. */
function nodesOf(roles: Map<number, Role>): Map<number, RoleNode> {
  return new Map(
    [...roles.values()].map((role) => [role.id, { id: role.id, features: role.features, children: role.children }]),
  );
}

function grantsOf(role: Role, roles: Map<number, Role>): RoleGrants {
  const parents = [...roles.values()].filter((other) => other.children.includes(role.id)).map((other) => other.id);
  return { features: role.features, children: role.children, parents, assignableBy: role.assignableBy };
}

/** A user's features and portal scope, computed as the access profile does. */
function accessOf(userId: number, roles: Map<number, Role>, assignments: Assignment[]) {
  const nodes = nodesOf(roles);
  const rows = assignments
    .filter((a) => a.userId === userId)
    .map((a) => ({
      roleFeatures: grantedFeatures([a.roleId], nodes),
      organizationId: a.organizationId,
      organizationName: String(a.organizationId),
      organizationKind: ORGANIZATIONS[a.organizationId],
      brandId: 1,
      brandName: "Vantor",
      regionCode: "NA",
    }));
  const access = computeAccessData({ employeeNumber: null, directoryGroups: [], requiredActions: [] }, rows, "okta");
  return { features: access.features, portalScope: portalScopeOf(rows) };
}

/** Applies a role's new grants: its features, children and assignable-by, and its parents' children. */
function applyRoleSave(roles: Map<number, Role>, roleId: number, after: RoleGrants): void {
  for (const other of roles.values()) {
    const listed = other.children.includes(roleId);
    const wanted = after.parents.includes(other.id) && other.id !== roleId;
    if (listed && !wanted) other.children = other.children.filter((id) => id !== roleId);
    if (!listed && wanted) other.children = [...other.children, roleId];
  }
  const role = roles.get(roleId)!;
  Object.assign(role, {
    features: after.features,
    children: after.children.filter((id) => id !== roleId),
    assignableBy: after.assignableBy,
  });
}

describe("issue #30 §6 no escalation: a property over random role graphs, grants and requests", () => {
  it("a dealer administrator never gains a feature or a portal scope they did not hold", () => {
    fc.assert(
      fc.property(world, fc.array(request, { maxLength: 12 }), (initial, requests) => {
        const roles = new Map<number, Role>(
          initial.roles.map((g, index) => [
            ROLE_IDS[index],
            { id: ROLE_IDS[index], ...g, children: g.children.filter((id) => id !== ROLE_IDS[index]) },
          ]),
        );
        const assignments: Assignment[] = [
          ...initial.editorRoles.map((roleId) => ({ userId: EDITOR, roleId, organizationId: 10 })),
          ...initial.others,
        ];
        const start = accessOf(EDITOR, roles, assignments);
        expect(start.portalScope.brandIds).toEqual([]);
        for (const step of requests) {
          const now = accessOf(EDITOR, roles, assignments);
          const editor = {
            portalWide: isPortalWide(now.portalScope),
            features: now.features,
            roleIds: assignments.filter((a) => a.userId === EDITOR).map((a) => a.roleId),
          };
          if (step.kind === "editRole") {
            const role = roles.get(step.roleId)!;
            const refusal = roleSaveEscalation(editor, step.roleId, grantsOf(role, roles), step.after, nodesOf(roles));
            if (refusal === null) applyRoleSave(roles, step.roleId, step.after);
          } else {
            const own = step.userId === EDITOR && selfChangeRefused(EDITOR, step.userId, ["roles"]);
            const atOwnLocation = assignments.some(
              (a) =>
                a.userId === EDITOR &&
                a.organizationId === step.organizationId &&
                ORGANIZATIONS[step.organizationId] !== "internal",
            );
            const assignable = roles.get(step.roleId)!.assignableBy.some((id) => editor.roleIds.includes(id));
            if (!own && atOwnLocation && assignable)
              assignments.push({ userId: step.userId, roleId: step.roleId, organizationId: step.organizationId });
          }
          const after = accessOf(EDITOR, roles, assignments);
          expect(after.portalScope).toEqual(start.portalScope);
          expect(after.features.filter((feature) => !start.features.includes(feature))).toEqual([]);
        }
      }),
      { numRuns: 500, seed: 20261125 },
    );
  });

  it("whatever a dealer location's roles carry, the portal-wide features and scope never count there", () => {
    fc.assert(
      fc.property(fc.subarray(FEATURES), (features) => {
        const counted = featuresThatCount("location", features);
        expect(counted.filter((feature) => PORTAL_WIDE_FEATURES.includes(feature))).toEqual([]);
        expect(portalScopeOf([{ organizationKind: "location", brandId: 1, regionCode: "NA" }]).brandIds).toEqual([]);
      }),
      { seed: 20261125 },
    );
  });
});
