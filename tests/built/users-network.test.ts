/**
 * Issue #37 §4, served: the users list of an administrator of a whole network (more users than a
 * scope read by id holds) counts to 1 000 and says there are more, in the page and in the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE_ADMIN, seedScale } from "~/seed/seed-scale";
import { COUNT_CAP } from "~/limits";
import { PortalClient, startPortal, type Portal } from "./portal";

describe("issue #37 §4 a dealer network's users list, served", () => {
  let portal: Portal;
  let client: PortalClient;

  beforeAll(async () => {
    portal = await startPortal();
    await seedScale(portal.db, { users: 2_500, locations: 25 });
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
});
