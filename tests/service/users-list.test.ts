import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { actorManages, getManagedUser } from "~/users/users.server";
import { everyListedUser, listUsers } from "~/users/user-list.server";
import { userListStateOf } from "~/users/list-options";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf, actorOfId } from "./actor-of";

const NOW = new Date("2026-11-23T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe.each(BACKENDS)("issue #14 §1–2 users list on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let admin: Actor;
  const emails = async (query: string, actor = admin) =>
    (
      await listUsers(handle.db, actor, { ...userListStateOf(new URLSearchParams(query)), now: NOW, rowsPerPage: 100 })
    ).rows.map((row) => row.email);

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    admin = await actorOf(handle.db, "admin@example.com");
    // The demo's deactivated user (issue #39 §5) would be one more inactive, long-gone user: this
    // test's own subjects say what each filter keeps.
    await handle.db.delete(identities).where(eq(identities.email, "inactive@example.com"));
    // The fixtures sit at the dealer's location, which the administrator holds too.
    const [{ organizationId: locationId }] = await handle.db
      .select({ organizationId: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, await identityIdOf(handle.db, "dealer@example.com")));
    const [staff] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    const people = [
      {
        email: "gone@example.com",
        firstName: "Gale",
        lastName: "Gone",
        status: "inactive" as const,
        lastLoginAt: daysAgo(200),
      },
      { email: "new@example.com", firstName: "Nia", lastName: "New", emailVerifiedAt: null, lastLoginAt: null },
      {
        email: "quiet@example.com",
        firstName: "Quinn",
        lastName: "Quiet",
        jobTitle: "Workshop planner",
        lastLoginAt: daysAgo(100),
      },
      { email: "recent@example.com", firstName: "Rae", lastName: "Recent", lastLoginAt: daysAgo(40) },
    ];
    for (const [index, person] of people.entries()) {
      const [identity] = await handle.db
        .insert(identities)
        .values({
          userType: "external",
          serialNumber: `SN-LIST-${index}`,
          emailVerifiedAt: daysAgo(300),
          ...person,
        })
        .returning({ id: identities.id });
      await handle.db
        .insert(roleAssignments)
        .values({ identityId: identity.id, securityRoleId: staff.id, organizationId: locationId, isPreferred: true });
    }
  });
  afterAll(async () => handle?.close());

  it("an administrator lists only users with an assignment at one of the administrator's locations", async () => {
    const listed = await emails("sortBy=email");
    expect(listed).toContain("dealer@example.com");
    expect(listed).toContain("employee@example.com");
    expect(listed).not.toContain("halden@example.com");
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await actorManages(handle.db, admin, haldenId)).toBe(false);
    expect(await actorManages(handle.db, admin, await identityIdOf(handle.db, "dealer@example.com"))).toBe(true);
    // Halden's own location holds only Halden and the employee: that is all an administrator there would see.
    expect(await emails("sortBy=email", await actorOfId(handle.db, haldenId))).toEqual([
      "employee@example.com",
      "halden@example.com",
    ]);
  });

  it("searches name, e-mail, job title and location name, text anywhere, case-insensitive", async () => {
    expect(await emails("q=quinn%20qu")).toEqual(["quiet@example.com"]);
    expect(await emails("q=RECENT@EX")).toEqual(["recent@example.com"]);
    expect(await emails("q=workshop plan")).toEqual(["quiet@example.com"]);
    expect(await emails("q=100%25")).toEqual([]);
    const [corvane] = await handle.db
      .select({ name: organizations.name })
      .from(organizations)
      .innerJoin(roleAssignments, eq(roleAssignments.organizationId, organizations.id))
      .where(eq(roleAssignments.identityId, adminId));
    expect((await emails(`q=${encodeURIComponent(corvane.name.slice(2, 9))}`)).length).toBeGreaterThan(0);
  });

  it("filters status, user type, administrator or standard, and last login, and the filters combine", async () => {
    expect(await emails("status=inactive")).toEqual(["gone@example.com"]);
    expect(await emails("status=awaitingVerification")).toEqual(["new@example.com"]);
    expect(await emails("status=active")).not.toContain("gone@example.com");
    expect(await emails("userType=internal")).toEqual(["employee@example.com"]);
    expect(await emails("kind=administrator")).toEqual(["admin@example.com"]);
    expect(await emails("kind=standard")).not.toContain("admin@example.com");
    expect(await emails("lastLogin=never")).toContain("new@example.com");
    expect(await emails("lastLogin=over30&sortBy=email")).toEqual([
      "gone@example.com",
      "quiet@example.com",
      "recent@example.com",
    ]);
    expect(await emails("lastLogin=over90&sortBy=email")).toEqual(["gone@example.com", "quiet@example.com"]);
    expect(await emails("lastLogin=over180")).toEqual(["gone@example.com"]);
    expect(await emails("lastLogin=over90&status=active")).toEqual(["quiet@example.com"]);
    expect(await emails("status=nonsense&lastLogin=over7")).toEqual(await emails(""));
  });

  it("sorts by name, e-mail, location, last login and status, either way, and the export reads the same list", async () => {
    expect((await emails("sortBy=email&sortType=desc"))[0]).toBe("recent@example.com");
    const byStatus = await emails("sortBy=status&sortType=desc");
    expect(byStatus[0]).toBe("gone@example.com");
    expect(byStatus[1]).toBe("new@example.com");
    const byLogin = await emails("sortBy=lastLogin&sortType=asc&lastLogin=over30");
    expect(byLogin).toEqual(["gone@example.com", "quiet@example.com", "recent@example.com"]);
    expect((await emails("sortBy=location")).length).toBe((await emails("")).length);
    const exported: string[] = [];
    for await (const row of everyListedUser(handle.db, admin, {
      ...userListStateOf(new URLSearchParams("sortBy=name")),
      now: NOW,
    }))
      exported.push(row.email);
    expect(exported).toEqual(await emails("sortBy=name"));
  });

  it("pages the list: ten a page, the total counted over the whole filtered list", async () => {
    const page = await listUsers(handle.db, admin, { page: 1, rowsPerPage: 3, now: NOW });
    expect(page.rows).toHaveLength(3);
    expect(page.total).toBe((await emails("")).length);
    expect(page.pageCount).toBe(Math.ceil(page.total / 3));
  });

  it("reads a managed user with locations (preferred first) and assignments; another dealer's user reads as nothing", async () => {
    const dealerId = await identityIdOf(handle.db, "dealer@example.com");
    const dealer = (await getManagedUser(handle.db, admin, dealerId))!;
    expect(dealer).toMatchObject({ email: "dealer@example.com", status: "active", userType: "external" });
    expect(dealer.locations[0].preferred).toBe(true);
    expect(dealer.assignments.length).toBeGreaterThan(0);
    expect(await getManagedUser(handle.db, admin, await identityIdOf(handle.db, "halden@example.com"))).toBeNull();
    expect(await getManagedUser(handle.db, admin, 2_000_000)).toBeNull();
  });

  it("SPEC #30 each user's location in the list, its export and the API is their own: the preferred one, else the first by name", async () => {
    // Two of the administrator's other locations, so neither user shares the administrator's preferred one.
    const located = await handle.db
      .select({ id: organizations.id, name: organizations.name })
      .from(roleAssignments)
      .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
      .where(and(eq(roleAssignments.identityId, adminId), eq(roleAssignments.isPreferred, false)))
      .orderBy(asc(organizations.name));
    expect(located.length).toBeGreaterThanOrEqual(2);
    const [first, second] = located;
    const [staff] = await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF"));
    const place = async (email: string, at: { organizationId: number; isPreferred: boolean }[]) => {
      const [identity] = await handle.db
        .insert(identities)
        .values({
          email,
          firstName: "Loc",
          lastName: email.split("@")[0],
          userType: "external",
          serialNumber: `SN-${email}`,
          emailVerifiedAt: daysAgo(10),
        })
        .returning({ id: identities.id });
      await handle.db
        .insert(roleAssignments)
        .values(at.map((a) => ({ identityId: identity.id, securityRoleId: staff.id, ...a })));
    };
    // Preferred at the second location though the first comes before it by name.
    await place("preferred-second@example.com", [
      { organizationId: first.id, isPreferred: false },
      { organizationId: second.id, isPreferred: true },
    ]);
    // None preferred: the first of its locations by name.
    await place("none-preferred@example.com", [
      { organizationId: second.id, isPreferred: false },
      { organizationId: first.id, isPreferred: false },
    ]);
    const expected = {
      "preferred-second@example.com": second.name,
      "none-preferred@example.com": first.name,
    };
    const locationsOf = (rows: { email: string; location: string | null }[]) =>
      Object.fromEntries(rows.filter((row) => row.email in expected).map((row) => [row.email, row.location]));
    // The screen and the API read listUsers, by any sort; the CSV export reads everyListedUser.
    for (const query of ["q=Loc", "q=Loc&sortBy=location", "q=Loc&sortBy=email&sortType=desc"]) {
      const state = { ...userListStateOf(new URLSearchParams(query)), now: NOW };
      expect(locationsOf((await listUsers(handle.db, admin, { ...state, rowsPerPage: 100 })).rows)).toEqual(expected);
      const exported = [];
      for await (const row of everyListedUser(handle.db, admin, state)) exported.push(row);
      expect(locationsOf(exported)).toEqual(expected);
    }
    // The administrator's own row shows the administrator's own preferred location, as before.
    const [own] = (await listUsers(handle.db, admin, { query: "admin@example.com", now: NOW })).rows;
    const [preferred] = await handle.db
      .select({ name: organizations.name })
      .from(roleAssignments)
      .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
      .where(and(eq(roleAssignments.identityId, adminId), eq(roleAssignments.isPreferred, true)));
    expect(own.location).toBe(preferred.name);
  });
});
