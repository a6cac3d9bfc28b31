/**
 * Resilient forms over HTTP with no JavaScript (issue #34): a post applies once whatever repeats
 * it, and a post that meets an ended session is kept for the same identity to find after signing in.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, Fingerprints, PortalClient, startPortal, type Portal } from "./portal";

let portal: Portal;

beforeAll(async () => {
  // The jobs only when sent: on their clock they would write between a request and its check.
  portal = await startPortal({}, { schedules: false });
});

afterAll(async () => {
  await portal?.close();
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The one-time key of the page's first posted form. */
function formKeyIn(html: string): string {
  const key = /name="__formKey" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error("the page's form carries no one-time key");
  return key;
}

function announcementForm(title: string, key: string): string {
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return new URLSearchParams([
    ["__formKey", key],
    ["title", title],
    ["description", ""],
    ["content", "<p>Long text typed for a while.</p>"],
    ["language", "nl"],
    ["displayLocationCode", "dealer-home"],
    ["priority", "medium"],
    ["linkUrl", "https://news.vantor.example.com/once"],
    ["startDate", today],
    ["expirationDate", later],
    ["brandIds", "1"],
    ["regionCodes", "NA"],
    ["updatedAt", ""],
  ]).toString();
}

async function announcementsTitled(title: string): Promise<number[]> {
  return rowsOf<{ id: number }>(await portal.db.execute(sql`select id from announcements where title = ${title}`)).map(
    (row) => row.id,
  );
}

async function auditRowsOf(id: number): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await portal.db.execute(
      sql`select count(distinct changed_on)::int as n from audit_log where entity = 'announcement' and entity_id = ${id} and operation = 'create'`,
    ),
  );
  return n;
}

const post = (client: PortalClient, path: string, body: string) =>
  client.send(path, { method: "POST", body, contentType: "application/x-www-form-urlencoded" });

describe("issue #34 every post applies once", () => {
  it("issue #34 the same announcement create posted twice at once: one row, one audit entry, the same answer", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn();
    const page = await client.send("/admin/announcement");
    const key = formKeyIn(await page.text());
    const body = announcementForm("Applied once, concurrently", key);
    const [first, second] = await Promise.all([
      post(client, "/admin/announcement", body),
      post(client, "/admin/announcement", body),
    ]);
    const ids = await announcementsTitled("Applied once, concurrently");
    expect(ids).toHaveLength(1);
    expect(await auditRowsOf(ids[0])).toBe(1);
    expect([first.status, second.status].sort()).toEqual([302, 303]);
    expect(first.headers.get("location")).toBe(second.headers.get("location"));
    expect(first.headers.get("location")).toBe(`/admin/announcement/${ids[0]}/edit?saved=1`);
  });

  it("issue #34 the same body twice without JavaScript (a resubmit after the answer): one row, the first answer again", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn();
    const key = formKeyIn(await (await client.send("/admin/announcement")).text());
    const body = announcementForm("Applied once, resubmitted", key);
    const first = await post(client, "/admin/announcement", body);
    const again = await post(client, "/admin/announcement", body);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await announcementsTitled("Applied once, resubmitted")).toHaveLength(1);
    // A refused post frees its key: the corrected post with the same key applies.
    const refusedKey = formKeyIn(await (await client.send("/admin/announcement")).text());
    const refused = await post(client, "/admin/announcement", announcementForm("", refusedKey));
    expect(refused.status).toBe(400);
    const corrected = await post(
      client,
      "/admin/announcement",
      announcementForm("Applied after a refusal", refusedKey),
    );
    expect(corrected.status).toBe(302);
    expect(await announcementsTitled("Applied after a refusal")).toHaveLength(1);
  });

  it("issue #34 every page's forms carry a key of their own: two pages, two keys", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn();
    const one = formKeyIn(await (await client.send("/admin/announcement")).text());
    const two = formKeyIn(await (await client.send("/admin/announcement")).text());
    expect(one).not.toBe(two);
  });
});

const endSessionsOf = (email: string) =>
  portal.db.execute(
    sql`update sessions set last_seen_at = now() - interval '2 hours' where identity_id = (select id from identities where lower(email) = ${email})`,
  );

describe("issue #34 a post survives sign-in", () => {
  it("issue #34 a post that meets an ended session is kept sealed for that identity, filled in after signing in, once; nothing is saved", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn();
    const key = formKeyIn(await (await client.send("/admin/announcement")).text());
    await endSessionsOf("admin@example.com");
    const body = announcementForm("Rescued across sign-in", key);
    const answer = await post(client, "/admin/announcement", body);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?returnTo=%2Fadmin%2Fannouncement");
    expect(await announcementsTitled("Rescued across sign-in")).toEqual([]);
    const kept = rowsOf<{ sealed: string }>(await portal.db.execute(sql`select sealed from form_rescues`));
    expect(kept).toHaveLength(1);
    expect(kept[0].sealed).not.toContain("Rescued");

    // Another identity signing in finds nothing of it (the rescue is the identity's, not the browser's).
    const auditor = new PortalClient(portal.origin, portal.db);
    await auditor.signIn("auditor@example.com");
    const other = await (await auditor.send("/admin/announcement")).text();
    expect(other).not.toContain("Rescued across sign-in");
    expect(other).not.toContain("Your session ended before this was saved");
    expect(rowsOf(await portal.db.execute(sql`select id from form_rescues`))).toHaveLength(1);

    await client.signIn("admin@example.com");
    const back = await (await client.send("/admin/announcement")).text();
    expect(back).toContain("Your session ended before this was saved. Check it and save again.");
    expect(back).toMatch(
      /name="title"[^>]*value="Rescued across sign-in"|value="Rescued across sign-in"[^>]*name="title"/,
    );
    expect(back).toContain("https://news.vantor.example.com/once");
    // Taken as it was shown.
    expect(rowsOf(await portal.db.execute(sql`select id from form_rescues`))).toHaveLength(0);
    const again = await (await client.send("/admin/announcement")).text();
    expect(again).not.toContain("Your session ended before this was saved");
    expect(await announcementsTitled("Rescued across sign-in")).toEqual([]);
  });
});

describe("issue #34 clear states", () => {
  it("issue #34 a post that meets a server error keeps the input and says what to do; the retry with the same key applies", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn();
    const key = formKeyIn(await (await client.send("/admin/announcement")).text());
    const body = announcementForm("Saved on the second try", key);
    await portal.db.execute(sql`
      create function refuse_announcements() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end; $$`);
    await portal.db.execute(
      sql`create trigger refuse_announcements before insert on announcements for each row execute function refuse_announcements()`,
    );
    try {
      const failed = await post(client, "/admin/announcement", body);
      expect(failed.status).toBe(500);
      const html = await failed.text();
      expect(html).toContain("The change could not be saved because of an error on the server.");
      expect(html).toContain('value="Saved on the second try"');
      expect(html).not.toContain("the disk is full");
    } finally {
      await portal.db.execute(sql`drop trigger refuse_announcements on announcements`);
      await portal.db.execute(sql`drop function refuse_announcements()`);
    }
    // The failure freed the key: the same post again is a new attempt, and it applies.
    const retried = await post(client, "/admin/announcement", body);
    expect(retried.status).toBe(302);
    expect(await announcementsTitled("Saved on the second try")).toHaveLength(1);
  });
});

describe("issue #34 fuzz: rescues and keys", () => {
  it("issue #34 fuzz: any form body that meets an ended session goes to sign-in, answers no 5xx and writes nothing but its rescue", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    const prints = new Fingerprints(portal.db);
    const routes = [
      "/admin/announcement",
      "/admin/application",
      "/admin/security-role",
      "/admin/permission-set",
      "/preferences/contact",
      "/documents",
      "/account/security",
    ];
    const name = fc.oneof(
      fc.constantFrom("title", "content", "__formKey", "name", "password", "intent", "updatedAt", "brandIds"),
      fc.string({ maxLength: 20 }),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.constant("FuzzFuzzFuzzFuzzFuzz0001.default-R1"),
    );
    const samples = fc.sample(
      fc.tuple(fc.constantFrom(...routes), fc.array(fc.tuple(name, value), { maxLength: 12 })),
      {
        seed: 34,
        numRuns: 25,
      },
    );
    for (const [route, entries] of samples) {
      await client.signIn();
      await endSessionsOf("admin@example.com");
      const before = await prints.take();
      const answer = await post(client, route, new URLSearchParams(entries).toString());
      const after = await prints.take();
      const shown = `${route} ${JSON.stringify(entries).slice(0, 200)}`;
      expect(answer.status, shown).toBe(302);
      expect(answer.headers.get("location"), shown).toMatch(/^\/login\?returnTo=/);
      expect(
        changedTables(before, after).filter((table) => !["form_rescues", "ended_sessions"].includes(table)),
        shown,
      ).toEqual([]);
    }
    const owners = rowsOf<{ identity: number; admin: number }>(
      await portal.db.execute(
        sql`select identity_id as identity, (select id from identities where email = 'admin@example.com') as admin from form_rescues`,
      ),
    );
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((row) => row.identity === row.admin)).toBe(true);
  });
});
