import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNotNull } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { permissionSetRoles, permissionSets, securityRoleChildren, securityRoles } from "~/db/schema";
import { seedDemo } from "~/seed/seed";
import { loadAccessData } from "~/permissions/access-profile.server";
import { BACKENDS, identityIdOf } from "./backends";

describe.each(BACKENDS)("issue #13 security roles and permission sets on $name", (backend) => {
  let handle: DatabaseHandle;
  const featuresOf = async (email: string) =>
    (await loadAccessData(handle.db, await identityIdOf(handle.db, email)))?.features;

  beforeAll(async () => {
    handle = await backend.open();
    await handle.migrate();
    await seedDemo(handle.db);
  });
  afterAll(async () => handle?.close());

  it("the demo accounts keep exactly their features, now granted through roles and their children", async () => {
    for (const email of ["dealer@example.com", "halden@example.com", "partner@example.com"])
      expect(await featuresOf(email)).toEqual(["documents:view", "serialNumber:present"]);
    expect(await featuresOf("employee@example.com")).toEqual(["documents:view"]);
    const admin = await featuresOf("admin@example.com");
    expect(admin).toEqual(expect.arrayContaining(["documents:view", "admin:documents:write", "feature:dev"]));
    // documents:view reaches the administrator only through the child role.
    const [portalAdmin] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "PORTAL_ADMIN"));
    expect(portalAdmin.features).not.toContain("documents:view");
  });

  it("a change to a role's features holds for every holder, through parents, on the next read", async () => {
    const [staff] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    await handle.db.update(securityRoles).set({ features: [] }).where(eq(securityRoles.id, staff.id));
    try {
      expect(await featuresOf("dealer@example.com")).toEqual(["serialNumber:present"]);
      expect(await featuresOf("admin@example.com")).not.toContain("documents:view");
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
