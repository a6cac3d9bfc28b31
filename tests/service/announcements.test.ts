import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { identities } from "~/db/schema";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import {
  announcementDefinitions,
  announcementsByIds,
  feedForBrand,
  loadUserAnnouncements,
  markAnnouncementRead,
  notificationsFor,
  unreadSummary,
} from "~/announcements/announcements.server";
import type { PortalUser } from "~/auth/user.server";
import { BACKENDS, seededDatabase } from "./backends";

describe.each(BACKENDS)("announcements feed on $name", (backend) => {
  let handle: DatabaseHandle;
  const userOf = async (email: string): Promise<PortalUser> => {
    const [row] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, email));
    const profile = (await loadAccessProfile(handle.db, row.id))!;
    return {
      identityId: row.id,
      claims: { sub: String(row.id) },
      userType: profile.userType,
      access: profile.access,
      portalScope: profile.portalScope,
      profile,
    };
  };

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("the dealer sees live brand-1 NA announcements in English, by priority then title, without future or expired ones", async () => {
    const dealer = await userOf("dealer@example.com");
    const data = await loadUserAnnouncements(handle.db, dealer, "en");
    const titles = data.visible.map((a) => a.title);
    expect(titles).toEqual([
      "Spring service campaign",
      "Warranty policy update",
      "New parts catalogue released",
      "Dealer meeting in Chicago",
    ]);
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
    expect((await loadUserAnnouncements(handle.db, dealer, "de")).visible.map((a) => a.title)).toEqual([
      "Neue Ersatzteilpreise",
    ]);
  });

  it("web-role targeting: the admin (DEALER_ADMIN) sees the checklist; counts cover each of their brands", async () => {
    const admin = await userOf("admin@example.com");
    const data = await loadUserAnnouncements(handle.db, admin, "en");
    expect(data.visible.map((a) => a.title)).toContain("Dealer administration checklist");
    const summary = unreadSummary(admin, data);
    expect(Object.keys(summary.byBrand).map(Number)).toEqual([1, 2, 4]);
    expect(summary.byBrand[4]).toBe(3); // warranty update, training dates, checklist
  });

  it("notifications (SPEC §7): brands and regionCode narrow the user's own; read state and brand names come along", async () => {
    const admin = await userOf("admin@example.com");
    const all = await notificationsFor(handle.db, admin, "en", {
      displayLocationCode: "dealer-home",
      brandIds: [],
      regionCodes: [],
    });
    expect(all.map((n) => n.title)).toEqual(
      (await loadUserAnnouncements(handle.db, admin, "en")).visible.map((a) => a.title),
    );
    const brand4 = await notificationsFor(handle.db, admin, "en", {
      displayLocationCode: "dealer-home",
      brandIds: [4],
      regionCodes: [],
    });
    expect(brand4).toHaveLength(3);
    expect(brand4.every((n) => n.brands.some((b) => b.id === 4 && b.name.length > 0))).toBe(true);
    expect(all.some((n) => n.read)).toBe(true);
    // A brand the user does not hold gives nothing: the request narrows, it never widens.
    expect(
      await notificationsFor(handle.db, admin, "en", {
        displayLocationCode: "dealer-home",
        brandIds: [3],
        regionCodes: [],
      }),
    ).toEqual([]);
    expect(
      await notificationsFor(handle.db, admin, "en", {
        displayLocationCode: "elsewhere",
        brandIds: [],
        regionCodes: [],
      }),
    ).toEqual([]);
  });

  it("a collection comes back in the order asked, unknown ids left out", async () => {
    const dealer = await userOf("dealer@example.com");
    const [first, second] = (await loadUserAnnouncements(handle.db, dealer, "en")).visible;
    const rows = await announcementsByIds(handle.db, [second.id, 999_999, first.id]);
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it("definitions list priorities, the nine languages, brands, regions and the web roles in use", async () => {
    const definitions = await announcementDefinitions(handle.db);
    expect(definitions.priorities).toEqual(["highest", "medium", "lowest"]);
    expect(definitions.languages).toHaveLength(9);
    expect(definitions.displayLocationCodes).toContain("dealer-home");
    expect(definitions.brands.map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    expect(definitions.regions.map((r) => r.code).sort()).toEqual(["APAC", "EMEA", "NA"]);
    expect(definitions.roles).toEqual(expect.arrayContaining(["DEALER_ADMIN", "PartnerPortalSales"]));
  });
});
