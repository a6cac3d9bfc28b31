import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities } from "~/db/schema";
import { seedDemo } from "~/db/seed";
import { loadAccessProfile } from "~/services/access-data.server";
import { feedForBrand, loadUserAnnouncements, markAnnouncementRead, unreadSummary } from "~/services/announcements.server";
import type { PortalUser } from "~/auth/user.server";
import { BACKENDS } from "./backends";

describe.each(BACKENDS)("announcements feed on $name", (backend) => {
  let handle: DatabaseHandle;
  const userOf = async (email: string): Promise<PortalUser> => {
    const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
    const profile = (await loadAccessProfile(handle.db, row.id))!;
    return { identityId: row.id, claims: { sub: String(row.id) }, userType: profile.userType, access: profile.access, profile };
  };

  beforeAll(async () => {
    handle = await backend.open();
    await handle.migrate();
    await seedDemo(handle.db);
  });
  afterAll(async () => handle?.close());

  it("the dealer sees live brand-1 NA announcements in English, by priority then title, without future or expired ones", async () => {
    const dealer = await userOf("dealer@example.com");
    const data = await loadUserAnnouncements(handle.db, dealer, "en");
    const titles = data.visible.map((a) => a.title);
    expect(titles).toEqual(["Spring service campaign", "Warranty policy update", "New parts catalogue released", "Dealer meeting in Chicago"]);
    expect(titles).not.toContain("Year-end closing hours");
    expect(titles).not.toContain("Winter checklist");
    expect(titles).not.toContain("Dealer administration checklist");
  });

  it("reads split the feed, and the unread count per brand follows", async () => {
    const dealer = await userOf("dealer@example.com");
    const data = await loadUserAnnouncements(handle.db, dealer, "en");
    const feed = feedForBrand(dealer, data, 1);
    expect(feed.read.map((a) => a.title)).toEqual(["Dealer meeting in Chicago"]);
    expect(feed.unread).toHaveLength(3);
    expect(unreadSummary(dealer, data)).toEqual({ byBrand: { 1: 3 }, total: 3 });
    const marked = await markAnnouncementRead(handle.db, dealer, feed.unread[0].id, "en");
    expect(marked?.id).toBe(feed.unread[0].id);
    const after = feedForBrand(dealer, await loadUserAnnouncements(handle.db, dealer, "en"), 1);
    expect(after.unread).toHaveLength(2);
    expect(after.read.map((a) => a.id)).toContain(feed.unread[0].id);
  });

  it("one cannot mark read an announcement one does not see", async () => {
    const dealer = await userOf("dealer@example.com");
    const halden = await userOf("halden@example.com");
    const haldenOnly = (await loadUserAnnouncements(handle.db, halden, "en")).visible[0];
    expect(await markAnnouncementRead(handle.db, dealer, haldenOnly.id, "en")).toBeNull();
  });

  it("only internal users get the description", async () => {
    const employee = await userOf("employee@example.com");
    const dealer = await userOf("dealer@example.com");
    const employeeFeed = feedForBrand(employee, await loadUserAnnouncements(handle.db, employee, "en"), 1);
    const dealerFeed = feedForBrand(dealer, await loadUserAnnouncements(handle.db, dealer, "en"), 1);
    const withNote = [...employeeFeed.unread, ...employeeFeed.read].find((a) => a.title === "Warranty policy update");
    expect(withNote?.description).toContain("legal");
    const dealerItem = [...dealerFeed.unread, ...dealerFeed.read].find((a) => a.title === "Warranty policy update");
    expect(dealerItem?.description).toBeNull();
  });

  it("the language decides: German announcements for German users", async () => {
    const dealer = await userOf("dealer@example.com");
    expect((await loadUserAnnouncements(handle.db, dealer, "de")).visible.map((a) => a.title)).toEqual(["Neue Ersatzteilpreise"]);
  });

  it("web-role targeting: the admin (DEALER_ADMIN) sees the checklist; counts cover each of their brands", async () => {
    const admin = await userOf("admin@example.com");
    const data = await loadUserAnnouncements(handle.db, admin, "en");
    expect(data.visible.map((a) => a.title)).toContain("Dealer administration checklist");
    const summary = unreadSummary(admin, data);
    expect(Object.keys(summary.byBrand).map(Number)).toEqual([1, 2, 4]);
    expect(summary.byBrand[4]).toBe(3); // warranty update, training dates, checklist
  });
});
