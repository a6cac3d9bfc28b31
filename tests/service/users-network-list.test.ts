import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities, organizations, roleAssignments } from "~/db/schema";
import { everyListedUser, listUsers, type UserListRow } from "~/users/user-list.server";
import { userListStateOf, userStatusOf } from "~/users/list-options";
import { SCALE_ADMIN, SCOPED_ADMIN, seedScale } from "~/seed/seed-scale";
import { COUNT_CAP } from "~/limits";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

/** A user of the scope as the test reads it itself, for a search's expected matches. */
interface Known {
  id: number;
  text: string;
  status: string;
}

/** Every user the actor manages, read plainly (no list code): their text and the names of all their locations. */
async function knownUsers(handle: DatabaseHandle, actorId: number): Promise<Known[]> {
  const result = await handle.db.execute(sql`
    select i.id, i.first_name, i.last_name, i.email, i.job_title, i.status, i.email_verified_at, i.verification_expired_at,
      (select string_agg(o.name, ' ') from role_assignments ra join organizations o on o.id = ra.organization_id
       where ra.identity_id = i.id) as names
    from identities i
    where i.id in (select ra.identity_id from role_assignments ra
      where ra.organization_id in (select mine.organization_id from role_assignments mine where mine.identity_id = ${actorId}))`);
  type Row = Record<string, string | null> & { id: number };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    text: [row.first_name, row.last_name, row.email, row.job_title ?? "", row.names ?? ""].join(" ").toLowerCase(),
    status: userStatusOf({
      status: row.status as "active" | "inactive",
      emailVerifiedAt: row.email_verified_at ? new Date(row.email_verified_at) : null,
      verificationExpiredAt: row.verification_expired_at ? new Date(row.verification_expired_at) : null,
    }),
  }));
}

/** The ids of the known users a search of `term` (and a status, when given) should find, in id order. */
function expectedIds(known: Known[], term: string, status: string): number[] {
  return known
    .filter((user) => user.text.includes(term) && (!status || user.status === status))
    .map((user) => user.id)
    .sort((a, b) => a - b);
}

describe.each(BACKENDS)("issue #37 §4 users list of a whole dealer network on $name", (backend) => {
  let handle: DatabaseHandle;
  let network: Actor;
  let scoped: Actor;

  const listed = (actor: Actor, query: string) =>
    listUsers(handle.db, actor, userListStateOf(new URLSearchParams(query)));

  /** Every row of a search, page by page (100 a page). */
  async function everyPage(actor: Actor, query: string): Promise<UserListRow[]> {
    const rows: UserListRow[] = [];
    for (let page = 1; ; page++) {
      const result = await listed(actor, `${query}&rowsPerPage=100&page=${page}`);
      rows.push(...result.rows);
      if (page >= result.pageCount) return rows;
    }
  }

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    // More users than a scope read by id holds (2 000), 200 at each of 25 locations: the network's
    // administrator (every scale location, none of the demo's) is the dealer-located users but the
    // demo's; the scoped one (three locations) stays on the ids.
    await seedScale(handle.db, { users: 5_000, locations: 25 });
    network = await actorOf(handle.db, SCALE_ADMIN.email);
    scoped = await actorOf(handle.db, SCOPED_ADMIN.email);
  });
  afterAll(async () => handle?.close());

  it(`a network's list counts to ${COUNT_CAP} and then says there are more; a later page still opens`, async () => {
    const first = await listed(network, "");
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1, pageCount: COUNT_CAP / 10 });
    expect(first.rows).toHaveLength(10);
    // Page 150 lies past the cap: the count looks far enough for it and the pager after it.
    const later = await listed(network, "page=150");
    expect(later.page).toBe(150);
    expect(later.rows).toHaveLength(10);
    expect(later.total).toBeGreaterThan(150 * 10);
    // A search under the cap is counted exactly.
    const few = await listed(network, "q=user1234");
    expect(few.totalCapped).toBeUndefined();
    expect(few.total).toBe(few.rows.length);
  });

  it("a network's search finds exactly the users whose name, e-mail, job title or any location matches, with its filters", async () => {
    const known = await knownUsers(handle, network.identityId);
    expect(known.length).toBeGreaterThan(2_000);
    for (const [term, status] of [
      ["lyon", "inactive"],
      ["quinn", ""],
      ["planner", "awaitingVerification"],
      ["user12", ""],
      ["dealer 0007", ""],
      // The demo's users sit at locations this administrator lacks: only the scale administrators match.
      ["@example.com", ""],
    ]) {
      const expected = expectedIds(known, term, status);
      const query = `q=${encodeURIComponent(term)}${status ? `&status=${status}` : ""}&sortBy=location`;
      const found = await everyPage(network, query);
      const page = await listed(network, query);
      if (expected.length < COUNT_CAP) {
        expect(page.total, query).toBe(expected.length);
        expect(
          found.map((row) => row.id).sort((a, b) => a - b),
          query,
        ).toEqual(expected.sort((a, b) => a - b));
      } else {
        expect(page.totalCapped, query).toBe(true);
        expect(
          found.every((row) => expected.includes(row.id)),
          query,
        ).toBe(true);
      }
      // In the location's order, page after page.
      const locations = found.map((row) => row.location ?? "");
      expect(locations, query).toEqual([...locations].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it("every user carries the location names, dealer flag, brands and regions the triggers keep (the seed writes them itself)", async () => {
    const result = await handle.db.execute(sql`
      select count(*)::int as stale from identities i
      where (i.location_name, i.location_names, i.dealer_located, i.brand_ids, i.region_codes) is distinct from (
        (select o.name from role_assignments ra join organizations o on o.id = ra.organization_id
         where ra.identity_id = i.id order by ra.is_preferred desc, o.name limit 1),
        (select string_agg(distinct o.name, ' ' order by o.name) from role_assignments ra
         join organizations o on o.id = ra.organization_id where ra.identity_id = i.id),
        exists (select 1 from role_assignments ra join organizations o on o.id = ra.organization_id
         where ra.identity_id = i.id and o.type <> 'internal'),
        coalesce((select array_agg(distinct o.brand_id order by o.brand_id) from role_assignments ra
         join organizations o on o.id = ra.organization_id where ra.identity_id = i.id and o.brand_id is not null), '{}'),
        coalesce((select array_agg(distinct o.region_code order by o.region_code) from role_assignments ra
         join organizations o on o.id = ra.organization_id where ra.identity_id = i.id and o.region_code is not null), '{}'))`);
    expect((result as unknown as { rows: { stale: number }[] }).rows[0].stale).toBe(0);
  });

  it("an administrator of half the locations finds exactly their users (each user's locations checked)", async () => {
    // 12 of the 25 scale locations: 2 400 users, and more than 2 000 outside them, so each
    // user's locations are checked against the administrator's.
    const scale = await handle.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`${organizations.name} like 'Scale Dealer %'`)
      .orderBy(organizations.id);
    const [role] = await handle.db
      .select({ securityRoleId: roleAssignments.securityRoleId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, network.identityId))
      .limit(1);
    const [half] = await handle.db
      .insert(identities)
      .values({
        email: "half@example.com",
        firstName: "Hal",
        lastName: "Half",
        userType: "external",
        role: "admin",
        serialNumber: "SN-HALF",
      })
      .returning({ id: identities.id });
    await handle.db.insert(roleAssignments).values(
      scale.slice(0, 12).map((location, index) => ({
        identityId: half.id,
        securityRoleId: role.securityRoleId,
        organizationId: location.id,
        isPreferred: index === 0,
      })),
    );
    const actor = await actorOf(handle.db, "half@example.com");
    const known = await knownUsers(handle, half.id);
    expect(known.length).toBeGreaterThan(2_000);
    for (const [term, status] of [
      ["lyon", ""],
      ["quinn", "inactive"],
      ["user21", ""],
      ["planner", "awaitingVerification"],
    ]) {
      const expected = expectedIds(known, term, status);
      const query = `q=${term}${status ? `&status=${status}` : ""}&sortBy=lastLogin&sortType=desc`;
      expect(expected.length, query).toBeLessThan(COUNT_CAP);
      const found = await everyPage(actor, query);
      expect(
        found.map((row) => row.id).sort((a, b) => a - b),
        query,
      ).toEqual(expected);
    }
    const whole = await listed(actor, "");
    expect(whole.totalCapped).toBe(true);
  });

  it("the export reads the list in its order, batch after batch from where the last ended, every sort either way", async () => {
    for (const sortBy of ["name", "email", "location", "lastLogin", "status"]) {
      for (const sortType of ["asc", "desc"]) {
        // Users never signed in sort last (first, descending): batches of 7 end among them and among the rest.
        for (const filter of ["q=user12", "q=user3&lastLogin=never", "q=lyon&status=inactive"]) {
          const query = `${filter}&sortBy=${sortBy}&sortType=${sortType}`;
          const paged = (await everyPage(network, query)).map((row) => row.id);
          const exported: number[] = [];
          for await (const row of everyListedUser(handle.db, network, userListStateOf(new URLSearchParams(query)), 7))
            exported.push(row.id);
          expect(paged.length, query).toBeGreaterThan(7);
          expect(exported, query).toEqual(paged);
        }
      }
    }
  });

  it("an administrator of three locations lists exactly their users, counted exactly", async () => {
    const known = await knownUsers(handle, scoped.identityId);
    const found = await everyPage(scoped, "sortBy=email");
    expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      known.map((user) => user.id).sort((a, b) => a - b),
    );
    expect((await listed(scoped, "")).total).toBe(known.length);
  });

  it("the list's location follows a renamed location, a changed preferred location and a removed assignment", async () => {
    const [user] = await handle.db
      .select({ id: identities.id, email: identities.email, locationName: identities.locationName })
      .from(identities)
      .where(eq(identities.email, "user20@scale.example.com"));
    const assignments = await handle.db
      .select({ organizationId: roleAssignments.organizationId, isPreferred: roleAssignments.isPreferred })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, user.id));
    expect(assignments).toHaveLength(2);
    const preferred = assignments.find((a) => a.isPreferred)!;
    const other = assignments.find((a) => !a.isPreferred)!;
    const rowOf = async () => (await listed(network, "q=user20%40")).rows;

    await handle.db
      .update(organizations)
      .set({ name: "Renamed Depot Zulu" })
      .where(eq(organizations.id, preferred.organizationId));
    expect((await rowOf()).map((row) => row.location)).toEqual(["Renamed Depot Zulu"]);
    expect((await listed(network, "q=depot%20zulu")).rows.map((row) => row.email)).toContain(user.email);

    await handle.db
      .update(roleAssignments)
      .set({ isPreferred: false })
      .where(
        and(eq(roleAssignments.identityId, user.id), eq(roleAssignments.organizationId, preferred.organizationId)),
      );
    await handle.db
      .update(roleAssignments)
      .set({ isPreferred: true })
      .where(and(eq(roleAssignments.identityId, user.id), eq(roleAssignments.organizationId, other.organizationId)));
    const [otherLocation] = await handle.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, other.organizationId));
    expect((await rowOf()).map((row) => row.location)).toEqual([otherLocation.name]);

    await handle.db
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.identityId, user.id), eq(roleAssignments.organizationId, other.organizationId)));
    expect((await rowOf()).map((row) => row.location)).toEqual(["Renamed Depot Zulu"]);
    // The removed location's name no longer finds the user.
    expect(
      (await listed(network, `q=${encodeURIComponent(otherLocation.name)}&rowsPerPage=100`)).rows.map((row) => row.id),
    ).not.toContain(user.id);
  });
});
