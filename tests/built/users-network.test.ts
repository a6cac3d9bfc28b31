/**
 * Issue #37 §4, served: the users list of an administrator of a whole network (more users than a
 * scope read by id holds) counts to 1 000 and says there are more, in the page and in the API.
 * Issue #37 §5: so does their users' audit history, and its CSV holds the filtered range.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { SCALE_ADMIN, seedScale } from "~/seed/seed-scale";
import { seedAuditScale } from "~/seed/seed-audit-scale";
import { COUNT_CAP } from "~/limits";
import { PortalClient, startPortal, type Portal } from "./portal";

describe("issue #37 §4 a dealer network's users list, served", () => {
  let portal: Portal;
  let client: PortalClient;

  beforeAll(async () => {
    portal = await startPortal();
    await seedScale(portal.db, { users: 2_500, locations: 25 });
    await seedAuditScale(portal.db, { rows: 25_000, days: 800 });
    client = new PortalClient(portal.origin, portal.db);
    await client.signIn(SCALE_ADMIN.email);
  }, 120_000);
  afterAll(async () => portal?.close());

  it("the list says there are more than 1,000 users, pages on past them, and counts a narrower search exactly", async () => {
    const first = await client.send("/admin/users");
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("More than 1,000 users — narrow the search to see them all");
    expect(html).toMatch(/aria-label="Page 3"/);
    // Page 150 lies past the cap: it opens, with the pages after it in the pager.
    const later = await (await client.send("/admin/users?page=150")).text();
    expect(later).toMatch(/aria-current="page"[^>]*>150</);
    expect(later).toMatch(/aria-label="Page 152"/);
    const few = await (await client.send("/admin/users?q=user1234")).text();
    expect(few).not.toContain("More than 1,000");
    expect(few).toMatch(/>\d+ users?</);
  });

  it("the API's page says its total is a floor", async () => {
    const answer = await client.send("/api/v2/admin/users");
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { total: number; totalCapped?: boolean; pageCount: number } };
    expect(data).toMatchObject({ total: COUNT_CAP, totalCapped: true, pageCount: COUNT_CAP / 10 });
    const narrow = (await (await client.send("/api/v2/admin/users?q=user1234")).json()) as {
      data: { total: number; totalCapped?: boolean };
    };
    expect(narrow.data.totalCapped).toBeUndefined();
  });

  it("issue #37 §5 the users' audit history says there are more than 1,000 entries; its CSV holds the whole filtered range", async () => {
    const page = await (await client.send("/admin/audit/users")).text();
    expect(page).toContain("More than 1,000 entries — narrow the search or the dates to see them all");
    const later = await (await client.send("/admin/audit/users?page=150")).text();
    expect(later).toMatch(/aria-current="page"[^>]*>150</);
    // Three months of the 800 days' history, whole days in UTC (the viewer's zone here).
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(300)}&to=${day(210)}&excludeLastLogins=1`;
    const csv = await client.send(`/admin/audit/users.csv?${range}`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split("\n");
    const [expected] = (
      (await portal.db.execute(sql`
        select count(*)::int as n from audit_log a
        where a.entity = 'identity' and a.changed_on >= ${day(300)}::date and a.changed_on < ${day(209)}::date
          and (a.field is null or a.field <> 'lastLoginAt')
          and a.entity_id in (select ra.identity_id from role_assignments ra where ra.organization_id in
            (select mine.organization_id from role_assignments mine join identities me on me.id = mine.identity_id
             where me.email = ${SCALE_ADMIN.email}))`)) as unknown as { rows: { n: number }[] }
    ).rows;
    // More rows than a batch of the export's cursor, each on one line after the header.
    expect(expected.n).toBeGreaterThan(1_000);
    expect(lines.length - 1).toBe(expected.n);
  });
});
