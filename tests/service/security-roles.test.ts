import { PRINCIPAL_STAFF } from "~/seed/seed-security-reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, permissionSetRoles, permissionSets, securityRoleChildren, securityRoles } from "~/db/schema";
import { DIRECTORY_DEMO_STAFF } from "~/seed/seed-directory";
import { demoNetworkStaffCount } from "~/seed/seed-network";
import { DEMO_ACCOUNTS } from "~/seed/seed";
import { loadAccessData } from "~/permissions/access-profile.server";
import { securityRoleSchema, type SecurityRoleInput } from "~/security-roles/schema";
import {
  createSecurityRole,
  deleteSecurityRole,
  getSecurityRole,
  listSecurityRoles,
  updateSecurityRole,
} from "~/security-roles/security-roles.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("issue #13 security roles and permission sets on $name", (backend) => {
  let handle: DatabaseHandle;
  const featuresOf = async (email: string) =>
    (await loadAccessData(handle.db, await identityIdOf(handle.db, email)))?.features;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("the demo accounts keep exactly their features, now granted through roles and their children", async () => {
    for (const email of ["dealer@example.com", "halden@example.com", "partner@example.com"])
      expect(await featuresOf(email)).toEqual(["documents:view", "serialNumber:present"]);
    expect(await featuresOf("employee@example.com")).toEqual(["documents:view"]);
    const admin = await featuresOf("admin@example.com");
    expect(admin).toEqual(expect.arrayContaining(["documents:view", "admin:documents:write", "feature:dev"]));
    // documents:view reaches the administrator through the child role and, since issue #30, directly
    // too: an administrator gives back only what they hold, so taking it off Dealer staff must not take it from them.
    const [portalAdmin] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "PORTAL_ADMIN"));
    expect(portalAdmin.features).toContain("documents:view");
  });

  it("a change to a role's features holds for every holder, through parents, on the next read", async () => {
    const [staff] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    await handle.db.update(securityRoles).set({ features: [] }).where(eq(securityRoles.id, staff.id));
    try {
      expect(await featuresOf("dealer@example.com")).toEqual(["serialNumber:present"]);
      // The administrator holds it directly as well (issue #30), so keeps it.
      expect(await featuresOf("admin@example.com")).toContain("documents:view");
    } finally {
      await handle.db.update(securityRoles).set({ features: staff.features }).where(eq(securityRoles.id, staff.id));
    }
    expect(await featuresOf("dealer@example.com")).toEqual(["documents:view", "serialNumber:present"]);
  });

  it("a cycle in the stored hierarchy does not stop a sign-in: the walk ends", async () => {
    const [staff] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    const [principal] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_PRINCIPAL"));
    await handle.db.insert(securityRoleChildren).values({ parentId: staff.id, childId: principal.id });
    try {
      expect(await featuresOf("dealer@example.com")).toEqual(["documents:view", "serialNumber:present"]);
    } finally {
      await handle.db.delete(securityRoleChildren).where(eq(securityRoleChildren.parentId, staff.id));
    }
  });

  it("at least six permission sets are seeded: required and optional, single and multiple, global and per application", async () => {
    const sets = await handle.db.select().from(permissionSets);
    expect(sets.length).toBeGreaterThanOrEqual(6);
    expect(new Set(sets.map((s) => s.required))).toEqual(new Set([true, false]));
    expect(new Set(sets.map((s) => s.selectionMode))).toEqual(new Set(["single", "multiple"]));
    const perApplication = await handle.db.select().from(permissionSets).where(isNotNull(permissionSets.applicationId));
    expect(perApplication.length).toBeGreaterThan(0);
    expect(perApplication.length).toBeLessThan(sets.length);
    const offered = await handle.db.select().from(permissionSetRoles);
    for (const set of sets) expect(offered.some((o) => o.permissionSetId === set.id)).toBe(true);
  });
});

describe.each(BACKENDS)("issue #13 security role service on $name", (backend) => {
  let handle: DatabaseHandle;
  let actor: Actor;
  const idOfRole = async (name: string) =>
    (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, name)))[0].id;
  const input = (overrides: Partial<SecurityRoleInput> = {}): SecurityRoleInput =>
    securityRoleSchema.parse({ name: "FLEET_MANAGER", displayName: "Fleet manager", ...overrides });

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    actor = await actorOf(handle.db, "admin@example.com");
  });
  afterAll(async () => handle?.close());

  it("creates a role with features and a child; its holder's features include the child's; every field is audited", async () => {
    const staff = await idOfRole("DEALER_STAFF");
    const outcome = await createSecurityRole(
      handle.db,
      actor,
      input({ features: ["admin:applications:read"], children: [staff], activities: ["Plan fleet service"] }),
    );
    expect(outcome.kind).toBe("created");
    const id = (outcome as { id: number }).id;
    const record = await getSecurityRole(handle.db, id);
    expect(record?.children).toEqual([staff]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "securityRole"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.field).sort()).toEqual(
      expect.arrayContaining(["activities", "children", "displayName", "features", "name"]),
    );
  });

  it("a save that would make a cycle is refused, naming the cycle, and changes nothing", async () => {
    const staff = await idOfRole("DEALER_STAFF");
    const principal = await idOfRole("DEALER_PRINCIPAL");
    const before = (await getSecurityRole(handle.db, staff))!;
    const outcome = await updateSecurityRole(
      handle.db,
      actor,
      staff,
      input({
        name: "DEALER_STAFF",
        displayName: "Dealer staff",
        features: before.features,
        parents: before.parents,
        assignableBy: before.assignableBy,
        children: [principal],
        updatedAt: before.updatedAt.toISOString(),
      }),
    );
    expect(outcome).toEqual({
      kind: "cycle",
      roles: expect.arrayContaining(["Dealer staff", "Dealer principal"]),
    });
    expect(await getSecurityRole(handle.db, staff)).toEqual(before);
  });

  it("a taken name, an unknown linked role and a stale edit stamp are refused", async () => {
    expect((await createSecurityRole(handle.db, actor, input({ name: "DEALER_STAFF" }))).kind).toBe("duplicateName");
    expect((await createSecurityRole(handle.db, actor, input({ name: "NEW_ONE", parents: [999_999] }))).kind).toBe(
      "unknownRole",
    );
    const auditor = await idOfRole("READ_ONLY_AUDITOR");
    const stale = await updateSecurityRole(
      handle.db,
      actor,
      auditor,
      input({ name: "READ_ONLY_AUDITOR", updatedAt: new Date(0).toISOString() }),
    );
    expect(stale.kind).toBe("conflict");
  });

  it("delete is refused while users hold the role or a permission set offers it (saying how many); otherwise it deletes", async () => {
    const staff = await idOfRole("DEALER_STAFF");
    expect(await deleteSecurityRole(handle.db, actor, staff)).toEqual({
      kind: "inUse",
      // The demo accounts holding it (each counted once, whatever its locations), and the principal's staff.
      holders:
        DEMO_ACCOUNTS.filter((account) => account.securityRole === "DEALER_STAFF").length +
        PRINCIPAL_STAFF.length +
        DIRECTORY_DEMO_STAFF.length +
        demoNetworkStaffCount(),
      permissionSets: 1,
    });
    const unused = await createSecurityRole(handle.db, actor, input({ name: "TEMPORARY_ROLE" }));
    const id = (unused as { id: number }).id;
    expect(await deleteSecurityRole(handle.db, actor, id)).toEqual({ kind: "deleted" });
    expect(await getSecurityRole(handle.db, id)).toBeNull();
    expect(await deleteSecurityRole(handle.db, actor, id)).toEqual({ kind: "missing" });
  });

  it("the list searches name and display name, sorts and pages", async () => {
    const found = await listSecurityRoles(handle.db, { query: "manager", sortBy: "displayName", sortType: "asc" });
    expect(found.rows.map((r) => r.displayName)).toEqual([
      "Fleet manager",
      "OEM network manager",
      "Parts manager",
      "Service manager",
    ]);
    const byKey = await listSecurityRoles(handle.db, { query: "SALES", sortBy: "name", sortType: "desc" });
    expect(byKey.rows.map((r) => r.name)).toEqual(["SALES_REPRESENTATIVE", "PARTNER_SALES"]);
    const paged = await listSecurityRoles(handle.db, { rowsPerPage: 3, page: 2 });
    expect(paged.rows).toHaveLength(3);
    expect(paged.pageCount).toBe(Math.ceil(paged.total / 3));
  });
});
