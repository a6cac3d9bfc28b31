import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, permissionSets, securityRoles } from "~/db/schema";
import type { Actor } from "~/permissions/actor";
import { loadAccessData } from "~/permissions/access-profile.server";
import { F } from "~/permissions/features";
import { SECURITY_ROLES_WRITE, PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { satisfiesRule } from "~/security/feature-rule";
import type { SecurityRoleInput } from "~/security-roles/schema";
import {
  createSecurityRole,
  getSecurityRole,
  updateSecurityRole,
  type SecurityRoleRecord,
} from "~/security-roles/security-roles.server";
import type { PermissionSetInput } from "~/permission-sets/schema";
import {
  createPermissionSet,
  getPermissionSet,
  updatePermissionSet,
  type PermissionSetRecord,
} from "~/permission-sets/permission-sets.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

/** The editor's post of a role as saved, with changes. */
function roleInput(role: SecurityRoleRecord, changes: Partial<SecurityRoleInput> = {}): SecurityRoleInput {
  return {
    name: role.name,
    displayName: role.displayName,
    features: [...role.features].sort(),
    activities: role.activities,
    businessFunctions: role.businessFunctions,
    expectations: role.expectations,
    assignableBy: role.assignableBy,
    parents: role.parents,
    children: role.children,
    relations: role.relations,
    feedId: role.feedId ?? "",
    excludeFromFeeds: role.excludeFromFeeds,
    excludeFromCopyUser: role.excludeFromCopyUser,
    updatedAt: role.updatedAt.toISOString(),
    ...changes,
  };
}

function setInput(set: PermissionSetRecord, changes: Partial<PermissionSetInput> = {}): PermissionSetInput {
  return {
    name: set.name,
    displayName: set.displayName,
    required: set.required,
    selectionMode: set.selectionMode,
    applicationId: set.applicationId,
    securityRoles: set.securityRoles,
    updatedAt: set.updatedAt.toISOString(),
    ...changes,
  };
}

/** The same actor with other features (a grant the route would not see, or one they lack). */
function withFeatures(actor: Actor, features: (held: string[]) => string[]): Actor {
  return { ...actor, access: { ...actor.access, features: features(actor.access.features) } };
}

describe.each(BACKENDS)("issue #30 §3 no escalation by delegation on $name", (backend) => {
  let handle: DatabaseHandle;
  /** admin@: Portal administrator at OEM organizations, every feature. */
  let admin: Actor;
  /** principal@: Dealer administrator, no portal scope. */
  let principal: Actor;
  /** principal@ as if a dealer's role had been granted the write features: still no portal scope. */
  let dealerWriter: Actor;
  /** admin@ without admin:users:read: portal-wide, but lacking one feature. */
  let adminLackingUsersRead: Actor;
  const roleId = async (name: string) =>
    (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
  const roleNamed = async (name: string) => (await getSecurityRole(handle.db, await roleId(name)))!;
  const setNamed = async (name: string) => {
    const [row] = await handle.db.select().from(permissionSets).where(eq(permissionSets.name, name));
    return (await getPermissionSet(handle.db, row.id))!;
  };
  const auditCount = async (entity: string, id: number) =>
    (
      await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    )[0].n;
  const featuresOf = async (email: string) =>
    (await loadAccessData(handle.db, await identityIdOf(handle.db, email)))!.features;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    admin = await actorOf(handle.db, "admin@example.com");
    principal = await actorOf(handle.db, "principal@example.com");
    dealerWriter = withFeatures(principal, (held) => [...held, F.securityRolesWrite, F.permissionSetsWrite]);
    adminLackingUsersRead = withFeatures(admin, (held) => held.filter((feature) => feature !== F.usersRead));
  });
  afterAll(async () => handle?.close());

  describe("SPEC #30 a role's features can be changed only by a portal-wide administrator and never to a feature they do not hold", () => {
    it("the probe's reproduction: principal@ holds no admin:securityRoles:write, so the route refuses the PUT before any service", () => {
      expect(principal.portalScope).toEqual({ brandIds: [], regionCodes: [] });
      expect(principal.access.features).not.toContain(F.portalScope);
      expect(satisfiesRule(principal.access.features, SECURITY_ROLES_WRITE)).toBe(false);
      expect(satisfiesRule(principal.access.features, PERMISSION_SETS_WRITE)).toBe(false);
      expect(admin.portalScope.brandIds.length).toBeGreaterThan(0);
      expect(satisfiesRule(admin.access.features, SECURITY_ROLES_WRITE)).toBe(true);
    });

    it("(a) a dealer-level actor is refused by the service itself even with admin:securityRoles:write in its features: Dealer staff keeps its features and no other dealer's staff gets admin:users:read", async () => {
      const staff = await roleNamed("DEALER_STAFF");
      const audits = await auditCount("securityRole", staff.id);
      const escalated = roleInput(staff, { features: [...staff.features, F.usersRead].sort() });
      expect(await updateSecurityRole(handle.db, dealerWriter, staff.id, escalated)).toEqual({
        kind: "portalWideOnly",
        field: "features",
      });
      // Even holding every feature there is, without a portal scope the features stay as they are.
      const everything = withFeatures(principal, () => admin.access.features);
      expect(await updateSecurityRole(handle.db, everything, staff.id, escalated)).toEqual({
        kind: "portalWideOnly",
        field: "features",
      });
      // Nor children or parents: the hierarchy decides what holders get too.
      const auditor = await roleId("READ_ONLY_AUDITOR");
      expect(
        await updateSecurityRole(handle.db, dealerWriter, staff.id, roleInput(staff, { children: [auditor] })),
      ).toEqual({ kind: "portalWideOnly", field: "children" });
      expect(
        await updateSecurityRole(
          handle.db,
          dealerWriter,
          auditor,
          roleInput(await roleNamed("READ_ONLY_AUDITOR"), { parents: [staff.id] }),
        ),
      ).toEqual({ kind: "portalWideOnly", field: "parents" });
      // Creating follows the same rules.
      const created = await createSecurityRole(
        handle.db,
        dealerWriter,
        roleInput(staff, {
          name: "DEALER_REVIEWER",
          displayName: "Dealer reviewer",
          features: [F.usersRead],
          feedId: "",
        }),
      );
      expect(created).toEqual({ kind: "portalWideOnly", field: "features" });
      expect(await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_REVIEWER"))).toEqual([]);
      expect(await getSecurityRole(handle.db, staff.id)).toEqual(staff);
      expect(await auditCount("securityRole", staff.id)).toBe(audits);
      expect(await featuresOf("dealer@example.com")).toEqual(["documents:view", "serialNumber:present"]);
    });

    it("(b) a portal-wide administrator cannot add a feature they lack, nor a child role granting one; input refused, nothing changed", async () => {
      const staff = await roleNamed("DEALER_STAFF");
      const escalated = roleInput(staff, { features: [...staff.features, F.usersRead].sort() });
      expect(await updateSecurityRole(handle.db, adminLackingUsersRead, staff.id, escalated)).toEqual({
        kind: "featuresNotHeld",
        features: [F.usersRead],
      });
      // The Auditor grants admin:users:read: as a child of Dealer staff it would reach every dealer's staff.
      const auditor = await roleId("READ_ONLY_AUDITOR");
      expect(
        await updateSecurityRole(handle.db, adminLackingUsersRead, staff.id, roleInput(staff, { children: [auditor] })),
      ).toEqual({ kind: "childrenGrantNotHeld", features: [F.usersRead] });
      // Through a parent the same: the Auditor made a child of Dealer principal would give every principal its features.
      const auditorRole = await roleNamed("READ_ONLY_AUDITOR");
      const principalRole = await roleId("DEALER_PRINCIPAL");
      expect(
        await updateSecurityRole(
          handle.db,
          adminLackingUsersRead,
          auditor,
          roleInput(auditorRole, { parents: [principalRole] }),
        ),
      ).toEqual({ kind: "parentsSpreadNotHeld", features: [F.usersRead] });
      expect(
        await createSecurityRole(
          handle.db,
          adminLackingUsersRead,
          roleInput(staff, {
            name: "USER_READER",
            displayName: "User reader",
            features: [F.usersRead],
            parents: [],
            feedId: "",
          }),
        ),
      ).toEqual({ kind: "featuresNotHeld", features: [F.usersRead] });
      expect(await getSecurityRole(handle.db, staff.id)).toEqual(staff);
      expect(await getSecurityRole(handle.db, auditor)).toEqual(auditorRole);
      expect(await featuresOf("dealer@example.com")).toEqual(["documents:view", "serialNumber:present"]);
    });

    it("(d) a portal-wide administrator still makes legitimate edits: features they hold, added and removed; features they lack kept as they are", async () => {
      const staff = await roleNamed("DEALER_STAFF");
      const added = await updateSecurityRole(
        handle.db,
        admin,
        staff.id,
        roleInput(staff, { features: [F.documentsView, F.applicationsRead] }),
      );
      expect(added).toEqual({ kind: "saved" });
      expect(await featuresOf("dealer@example.com")).toContain(F.applicationsRead);
      const saved = (await getSecurityRole(handle.db, staff.id))!;
      expect(
        await updateSecurityRole(handle.db, admin, staff.id, roleInput(saved, { features: [F.documentsView] })),
      ).toEqual({ kind: "saved" });
      expect(await featuresOf("dealer@example.com")).toEqual(["documents:view", "serialNumber:present"]);
      // The Auditor has admin:users:read, which this editor lacks: it stays, and the rest of the role may change.
      const auditor = await roleNamed("READ_ONLY_AUDITOR");
      expect(
        await updateSecurityRole(
          handle.db,
          adminLackingUsersRead,
          auditor.id,
          roleInput(auditor, {
            displayName: "Access auditor",
            features: [...auditor.features, F.auditOrgsRead].sort(),
          }),
        ),
      ).toEqual({ kind: "saved" });
      expect((await getSecurityRole(handle.db, auditor.id))!.features).toEqual(
        [F.usersRead, F.announcementsRead, F.auditUsersRead, F.auditOrgsRead].sort(),
      );
      const created = await createSecurityRole(
        handle.db,
        admin,
        roleInput(staff, {
          name: "FLEET_COORDINATOR",
          displayName: "Fleet coordinator",
          feedId: "",
          features: [F.usersRead],
          children: [staff.id],
          parents: [],
          assignableBy: [await roleId("PORTAL_ADMIN")],
        }),
      );
      expect(created.kind).toBe("created");
    });
  });

  describe("SPEC #30 a role cannot be made assignable by a role the editor holds unless they are portal-wide", () => {
    it("(c) a dealer-level actor cannot make a role assignable by their own Dealer administrator role (then give it to their staff)", async () => {
      const auditor = await roleNamed("READ_ONLY_AUDITOR");
      const dealerAdmin = await roleId("DEALER_ADMIN");
      const outcome = await updateSecurityRole(
        handle.db,
        dealerWriter,
        auditor.id,
        roleInput(auditor, { assignableBy: [...auditor.assignableBy, dealerAdmin] }),
      );
      expect(outcome).toEqual({ kind: "assignableBySelf", roles: ["Dealer administrator"] });
      expect(await getSecurityRole(handle.db, auditor.id)).toEqual(auditor);
      // A new role assignable by their own role is the same.
      expect(
        await createSecurityRole(
          handle.db,
          dealerWriter,
          roleInput(auditor, {
            name: "SELF_GRANTED",
            displayName: "Self granted",
            feedId: "",
            features: [],
            children: [],
            parents: [],
            relations: [],
            assignableBy: [dealerAdmin],
          }),
        ),
      ).toEqual({ kind: "assignableBySelf", roles: ["Dealer administrator"] });
    });

    it("(c) a portal-wide administrator may make a role assignable by a role they hold", async () => {
      const partner = await roleNamed("PARTNER_SALES");
      const portalAdmin = await roleId("PORTAL_ADMIN");
      expect(partner.assignableBy).toEqual([portalAdmin]);
      expect(await updateSecurityRole(handle.db, admin, partner.id, roleInput(partner, { assignableBy: [] }))).toEqual({
        kind: "saved",
      });
      const unassignable = (await getSecurityRole(handle.db, partner.id))!;
      expect(
        await updateSecurityRole(
          handle.db,
          admin,
          partner.id,
          roleInput(unassignable, { assignableBy: [portalAdmin] }),
        ),
      ).toEqual({ kind: "saved" });
      expect((await getSecurityRole(handle.db, partner.id))!.assignableBy).toEqual([portalAdmin]);
    });
  });

  describe("SPEC #30 a permission set's roles can be changed only by a portal-wide administrator and never to a role granting a feature they do not hold", () => {
    it("a dealer-level actor with admin:permissionSets:write in its features changes no set's roles", async () => {
      const set = await setNamed("DEALER_FUNCTION");
      const outcome = await updatePermissionSet(
        handle.db,
        dealerWriter,
        set.id,
        setInput(set, { securityRoles: [...set.securityRoles, await roleId("READ_ONLY_AUDITOR")] }),
      );
      expect(outcome).toEqual({ kind: "portalWideOnly" });
      expect(await getPermissionSet(handle.db, set.id)).toEqual(set);
      expect(
        await createPermissionSet(
          handle.db,
          dealerWriter,
          setInput(set, { name: "DEALER_EXTRAS", securityRoles: [await roleId("DEALER_STAFF")] }),
        ),
      ).toEqual({ kind: "portalWideOnly" });
    });

    it("a portal-wide administrator adds no role granting a feature they lack; roles offered already stay; legitimate edits save", async () => {
      const set = await setNamed("DEALER_FUNCTION");
      const auditor = await roleId("READ_ONLY_AUDITOR");
      expect(
        await updatePermissionSet(
          handle.db,
          adminLackingUsersRead,
          set.id,
          setInput(set, { securityRoles: [...set.securityRoles, auditor] }),
        ),
      ).toEqual({ kind: "rolesGrantNotHeld", features: [F.usersRead] });
      expect(await getPermissionSet(handle.db, set.id)).toEqual(set);
      // The compliance set offers the Auditor already: it may stay while the rest changes.
      const compliance = await setNamed("COMPLIANCE_REVIEW");
      expect(
        await updatePermissionSet(
          handle.db,
          adminLackingUsersRead,
          compliance.id,
          setInput(compliance, { displayName: "Compliance", securityRoles: [auditor, await roleId("DEALER_STAFF")] }),
        ),
      ).toEqual({ kind: "saved" });
      expect(
        await updatePermissionSet(
          handle.db,
          admin,
          set.id,
          setInput(set, { securityRoles: [...set.securityRoles, auditor] }),
        ),
      ).toEqual({ kind: "saved" });
    });
  });
});
