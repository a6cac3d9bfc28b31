import { PRINCIPAL_STAFF } from "~/seed/seed-security-reviews";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities, loginAttempts, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { PORTAL_WIDE_FEATURES } from "~/permissions/admin-levels";
import { DIRECTORY_DEMO_STAFF } from "~/seed/seed-directory";
import { demoNetworkStaffCount } from "~/seed/seed-network";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "~/seed/seed";
import { loadAccessData, loadAccessProfile } from "~/permissions/access-profile.server";
import { checkCredentials } from "~/security/credentials.server";
import { identityClaims, identityForSignIn } from "~/auth/identity.server";
import { BACKENDS, identityIdOf } from "./backends";

describe.each(BACKENDS)("foundation services on $name", (backend) => {
  let handle: DatabaseHandle;
  const idOf = (email: string) => identityIdOf(handle.db, email);

  beforeAll(async () => {
    handle = await backend.open();
    await handle.migrate();
    expect(await seedDemo(handle.db)).toBe(true);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("migrations are idempotent and the demo seed runs only on an empty database", async () => {
    await handle.migrate();
    expect(await seedDemo(handle.db)).toBe(false);
    const [{ count }] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(identities);
    // The demo accounts, and the staff who never sign in themselves: the principal's, the directory's, the network's.
    expect(count).toBe(
      DEMO_ACCOUNTS.length + PRINCIPAL_STAFF.length + DIRECTORY_DEMO_STAFF.length + demoNetworkStaffCount(),
    );
  });

  it("the administrator's access data: brands 1, 2, 4; regions NA and EMEA; every admin feature", async () => {
    const access = await loadAccessData(handle.db, await idOf("admin@example.com"));
    expect(access?.brands.map((b) => b.id)).toEqual([1, 2, 4]);
    expect(access?.brands.map((b) => b.name)).toEqual(["Vantor", "Vantor Portable Power", "Corvane"]);
    expect(access?.regions).toEqual(["EMEA", "NA"]);
    expect(access?.features).toEqual(
      expect.arrayContaining([
        "admin:users:write",
        "admin:integrationStatus:read",
        "feature:dev",
        "serialNumber:present",
      ]),
    );
    // Their three dealer locations and, since issue #30, the three OEM organizations of their brands.
    expect(access?.workspaces).toHaveLength(6);
  });

  it("issue #30 §2 portal-wide administration is held at the maker's own organizations: admin@ for brands 1, 2 and 4", async () => {
    const profile = await loadAccessProfile(handle.db, await idOf("admin@example.com"));
    expect(profile?.portalScope).toEqual({ brandIds: [1, 2, 4], regionCodes: ["EMEA", "NA"] });
    expect(profile?.access.features).toEqual(
      expect.arrayContaining([...PORTAL_WIDE_FEATURES, "scope:portal", "admin:identityBulkImport:write"]),
    );
  });

  it.each(["principal@example.com", "directory@example.com", "singular@example.com"])(
    "issue #30 §2 %s is a dealer administrator: users, audit and identity import of their locations, nothing portal-wide",
    async (email) => {
      const profile = await loadAccessProfile(handle.db, await idOf(email));
      expect(profile?.portalScope).toEqual({ brandIds: [], regionCodes: [] });
      expect(profile?.access.features).toEqual([
        "admin:identityBulkImport:write",
        "admin:users:edit",
        "admin:users:read",
        "admin:users:write",
        "audit:users:read",
        "documents:view",
        "serialNumber:present",
      ]);
    },
  );

  it("issue #30 §2 the same feature string held at a dealer location grants no portal-wide power", async () => {
    const principal = await idOf("principal@example.com");
    const [portalAdmin] = await handle.db
      .select({ id: securityRoles.id })
      .from(securityRoles)
      .where(eq(securityRoles.name, "PORTAL_ADMIN"));
    await handle.db
      .update(roleAssignments)
      .set({ securityRoleId: portalAdmin.id })
      .where(eq(roleAssignments.identityId, principal));
    try {
      const profile = await loadAccessProfile(handle.db, principal);
      for (const feature of [...PORTAL_WIDE_FEATURES, "scope:portal"])
        expect(profile?.access.features).not.toContain(feature);
      expect(profile?.access.features).toContain("admin:users:write");
      expect(profile?.portalScope.brandIds).toEqual([]);
    } finally {
      const [dealerAdmin] = await handle.db
        .select({ id: securityRoles.id })
        .from(securityRoles)
        .where(eq(securityRoles.name, "DEALER_ADMIN"));
      await handle.db
        .update(roleAssignments)
        .set({ securityRoleId: dealerAdmin.id })
        .where(eq(roleAssignments.identityId, principal));
    }
  });

  it("the employee has brands 1–5 in three regions and no serialNumber:present (no employee number)", async () => {
    const profile = await loadAccessProfile(handle.db, await idOf("employee@example.com"));
    expect(profile?.userType).toBe("internal");
    expect(profile?.access.brands.map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    expect(profile?.access.regions).toEqual(["APAC", "EMEA", "NA"]);
    expect(profile?.access.features).toEqual(["documents:view"]);
  });

  it("the auditor is read-only: three features plus serialNumber:present", async () => {
    const access = await loadAccessData(handle.db, await idOf("auditor@example.com"));
    expect(access?.features).toEqual([
      "admin:announcements:read",
      "admin:users:read",
      "audit:users:read",
      "serialNumber:present",
    ]);
  });

  it("an inactive identity has no access data", async () => {
    const id = await idOf("halden@example.com");
    await handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, id));
    expect(await loadAccessData(handle.db, id)).toBeNull();
    const [{ email }] = await handle.db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.id, id));
    expect((await checkCredentials(handle.db, email, DEMO_PASSWORD)).ok).toBe(false);
    await handle.db.update(identities).set({ status: "active" }).where(eq(identities.id, id));
  });

  it("credentials: the right password signs in, case-insensitive e-mail", async () => {
    const check = await checkCredentials(handle.db, "  Dealer@Example.com ", DEMO_PASSWORD);
    expect(check).toEqual({ ok: true, identityId: await idOf("dealer@example.com") });
  });

  it("credentials: an unknown e-mail and a wrong password look the same", async () => {
    expect(await checkCredentials(handle.db, "nobody@example.com", "x")).toEqual({ ok: false, reason: "invalid" });
    expect(await checkCredentials(handle.db, "dealer@example.com", "wrong")).toEqual({ ok: false, reason: "invalid" });
  });

  it("five failures within 15 minutes lock the account, even for the right password, and the lock ends", async () => {
    const start = new Date("2026-03-01T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < 4; i++)
      expect((await checkCredentials(handle.db, "auditor@example.com", "wrong", at(i))).ok).toBe(false);
    const fifth = await checkCredentials(handle.db, "auditor@example.com", "wrong", at(4));
    expect(fifth).toMatchObject({ ok: false, reason: "locked" });
    expect(await checkCredentials(handle.db, "auditor@example.com", DEMO_PASSWORD, at(10))).toMatchObject({
      ok: false,
      reason: "locked",
    });
    expect(await checkCredentials(handle.db, "auditor@example.com", DEMO_PASSWORD, at(20))).toMatchObject({ ok: true });
    await handle.db.delete(loginAttempts);
  });

  it("the provider's claims carry name, e-mail, organization, employee number and groups", async () => {
    const id = await idOf("admin@example.com");
    const claims = await identityClaims(handle.db, id);
    expect(claims).toMatchObject({
      sub: String(id),
      name: "Alex Morgan",
      email: "admin@example.com",
      employeeNumber: "E-1001",
    });
    const [preferred] = await handle.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.name, claims!.org!));
    expect(preferred.name).toBe("Prairie Equipment – Columbus");
  });

  it("sign-in maps the subject on the embedded provider and the e-mail on an external one", async () => {
    const id = await idOf("dealer@example.com");
    expect((await identityForSignIn(handle.db, { sub: String(id) }, true))?.id).toBe(id);
    expect((await identityForSignIn(handle.db, { sub: "ext-1", email: "DEALER@example.com" }, false))?.id).toBe(id);
    expect(await identityForSignIn(handle.db, { sub: "not-a-number" }, true)).toBeNull();
  });
});
