import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { everyAuditEntry, listAudit } from "~/audit/audit-log.server";
import { AUDIT_SORTS, auditQueryOf, countsByEstimate, readsEntriesFirst, subjectsReadOf } from "~/audit/query";
import { COUNT_CAP } from "~/limits";
import type { Actor } from "~/permissions/actor";
import { seedAuditScale } from "~/seed/seed-audit-scale";
import { SCALE_ADMIN, SCOPED_ADMIN, seedScale } from "~/seed/seed-scale";
import { BACKENDS, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Each sort's order as the test writes it itself: a plain read's ORDER BY (no list code). */
const REFERENCE_ORDER: Record<(typeof AUDIT_SORTS)[number], string[]> = {
  id: [],
  subject: ["lower(i.last_name)", "lower(i.first_name)", "i.id"],
  operation: ["a.operation"],
  field: ["a.field"],
  changedOn: ["a.changed_on"],
  changedBy: ["lower(actor.last_name)", "lower(actor.first_name)", "actor.id"],
};

describe.each(BACKENDS)("issue #37 §5 the users' audit history of a whole dealer network on $name", (backend) => {
  let handle: DatabaseHandle;
  let network: Actor;
  let scoped: Actor;

  /** The ids of the entries the administrator may read that match, in the sort's order, read plainly. */
  async function expected(actor: Actor, where: string, sortBy: (typeof AUDIT_SORTS)[number], descending: boolean) {
    const direction = descending ? " desc" : "";
    const order = [...REFERENCE_ORDER[sortBy], "a.id"].map((key) => key + direction).join(", ");
    const result = await handle.db.execute(
      sql.raw(`
      select a.id from audit_log a
      join identities i on i.id = a.entity_id
      left join identities actor on actor.id = a.changed_by
      where a.entity = 'identity' and a.entity_id in (select ra.identity_id from role_assignments ra
        where ra.organization_id in (select mine.organization_id from role_assignments mine where mine.identity_id = ${actor.identityId}))
        and (${where})
      order by ${order}`),
    );
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  }

  /** The export's ids, or its first `most`. */
  async function exported(actor: Actor, query: string, most = Infinity): Promise<number[]> {
    const ids: number[] = [];
    // Batches of 97: the cursor is crossed many times, at every kind of key.
    for await (const row of everyAuditEntry(handle.db, actor, "users", auditQueryOf(new URLSearchParams(query)), 97)) {
      ids.push(row.id);
      if (ids.length >= most) break;
    }
    return ids;
  }

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    // 3 000 users over 25 locations (more than a scope read by id holds) and their history over 800 days.
    await seedScale(handle.db, { users: 3_000, locations: 25 });
    await seedAuditScale(handle.db, { rows: 30_000, days: 800 });
    network = await actorOf(handle.db, SCALE_ADMIN.email);
    scoped = await actorOf(handle.db, SCOPED_ADMIN.email);
  });
  afterAll(async () => handle?.close());

  const month = `from=${day(60)}&to=${day(30)}`;
  const searches: [string, string][] = [
    // The whole history (more entries than are read first and sorted): walked in the sort's order.
    ["", "true"],
    // A month of the history: about a thousand entries of the network's.
    [month, `a.changed_on >= '${day(60)}' and a.changed_on < '${day(29)}'`],
    // A broad name (one user in 26): walked in the view's order.
    [
      `q=weber&${month}`,
      `(i.first_name || ' ' || i.last_name ilike '%weber%' or i.email ilike '%weber%') and a.changed_on >= '${day(60)}' and a.changed_on < '${day(29)}'`,
    ],
    // Every scale user (more than are read user by user): a set of ids each entry is checked against.
    [
      `q=scale.example&${month}`,
      `(i.email ilike '%scale.example%') and a.changed_on >= '${day(60)}' and a.changed_on < '${day(29)}'`,
    ],
    // A few users: their entries read user by user.
    ["q=user12&excludeLastLogins=1", "(i.email ilike '%user12%') and (a.field is null or a.field <> 'lastLoginAt')"],
    ["operation=create", "a.operation = 'create'"],
  ];

  for (const sortBy of AUDIT_SORTS)
    for (const descending of [false, true])
      it(`sorted by ${sortBy}${descending ? " descending" : ""}: pages and the export give exactly the entries a plain read gives, in its order`, async () => {
        for (const [filters, where] of searches)
          for (const [actor, who] of [
            [network, "network"],
            [scoped, "three locations"],
          ] as const) {
            const query = `${filters}&sortBy=${sortBy}&sortType=${descending ? "desc" : "asc"}`;
            const ids = await expected(actor, where, sortBy, descending);
            // The whole history's export is compared as far as its first batches.
            const most = filters === "" ? 500 : Infinity;
            expect(await exported(actor, query, most), `${who} ${query}`).toEqual(ids.slice(0, most));
            for (const page of [1, 3]) {
              const listed = await listAudit(
                handle.db,
                actor,
                "users",
                auditQueryOf(new URLSearchParams(`${query}&rowsPerPage=25&page=${page}`)),
              );
              if (ids.length > (page - 1) * 25)
                expect(
                  listed.rows.map((row) => row.id),
                  `${who} ${query} page ${page}`,
                ).toEqual(ids.slice((page - 1) * 25, page * 25));
              if (actor === network && ids.length >= COUNT_CAP + 1) expect(listed.totalCapped).toBe(true);
              else expect(listed.total, `${who} ${query}`).toBe(ids.length);
            }
          }
      });

  it("the organizations' history, every sort both ways: pages and the export give exactly what a plain read gives", async () => {
    const order: Record<(typeof AUDIT_SORTS)[number], string[]> = { ...REFERENCE_ORDER, subject: ["o.name"] };
    for (const [actor, who] of [
      [network, "network"],
      [scoped, "three locations"],
    ] as const)
      for (const sortBy of AUDIT_SORTS)
        for (const descending of [false, true]) {
          const direction = descending ? " desc" : "";
          const result = await handle.db.execute(
            sql.raw(`
            select a.id from audit_log a
            left join organizations o on o.id = a.entity_id
            left join identities actor on actor.id = a.changed_by
            where a.entity = 'organization' and (a.changed_by = ${actor.identityId} or a.entity_id in (
              select ra.organization_id from role_assignments ra where ra.identity_id = ${actor.identityId}))
            order by ${[...order[sortBy], "a.id"].map((key) => key + direction).join(", ")}`),
          );
          const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
          expect(ids.length).toBeGreaterThan(actor === network ? 200 : 20);
          const query = `sortBy=${sortBy}&sortType=${descending ? "desc" : "asc"}`;
          const exported: number[] = [];
          for await (const row of everyAuditEntry(
            handle.db,
            actor,
            "organizations",
            auditQueryOf(new URLSearchParams(query)),
            97,
          ))
            exported.push(row.id);
          expect(exported, `${who} ${query}`).toEqual(ids);
          const page = await listAudit(
            handle.db,
            actor,
            "organizations",
            auditQueryOf(new URLSearchParams(`${query}&rowsPerPage=25&page=2`)),
          );
          expect(
            page.rows.map((row) => row.id),
            `${who} ${query}`,
          ).toEqual(ids.slice(25, 50));
        }
  });

  it(`a network's history counts to ${COUNT_CAP} and then says there are more; a dealer's is counted exactly`, async () => {
    const first = await listAudit(handle.db, network, "users", auditQueryOf(new URLSearchParams("")));
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1 });
    const later = await listAudit(handle.db, network, "users", auditQueryOf(new URLSearchParams("page=150")));
    expect(later.page).toBe(150);
    expect(later.rows).toHaveLength(10);
    const theirs = await expected(scoped, "true", "id", false);
    const dealer = await listAudit(handle.db, scoped, "users", auditQueryOf(new URLSearchParams("")));
    expect(theirs.length).toBeGreaterThan(COUNT_CAP);
    expect(dealer.totalCapped).toBeUndefined();
    expect(dealer.total).toBe(theirs.length);
  });

  it("a user's id finds their entries", async () => {
    // The last scale user: their id (past every user's number) is in no name or e-mail.
    const [someone] = (
      (await handle.db.execute(
        sql`select max(id)::int as id from identities where email like 'user%@scale.example.com'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const found = await listAudit(
      handle.db,
      network,
      "users",
      auditQueryOf(new URLSearchParams(`q=${someone.id}&rowsPerPage=100`)),
    );
    expect(found.total).toBe((await expected(network, `a.entity_id = ${someone.id}`, "id", false)).length);
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.every((row) => row.subjectId === someone.id)).toBe(true);
  });

  it("a search reads its users one by one when few, as a set when more, on each entry when nearly all; few entries are read first", () => {
    expect(subjectsReadOf(12)).toBe("byUser");
    expect(subjectsReadOf(2_000)).toBe("byUser");
    expect(subjectsReadOf(40_000)).toBe("asSet");
    expect(subjectsReadOf(900_000)).toBe("eachEntry");
    expect(readsEntriesFirst(15_000)).toBe(true);
    expect(readsEntriesFirst(1_000_000)).toBe(false);
    expect(countsByEstimate(1_000_000, 1_001)).toBe(true);
    expect(countsByEstimate(5_000, 1_001)).toBe(false);
  });
});
