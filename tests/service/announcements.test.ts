import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { announcements, identities } from "~/db/schema";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import {
  announcementDefinitions,
  announcementsByIds,
  createAnnouncement,
  deleteAnnouncement,
  everyListedAnnouncement,
  feedForBrand,
  getAnnouncement,
  listAnnouncements,
  loadUserAnnouncements,
  markAnnouncementRead,
  notificationsFor,
  unreadSummary,
  updateAnnouncement,
} from "~/announcements/announcements.server";
import { announcementSchema } from "~/announcements/schema";
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

  const idOf = async (title: string) =>
    (await handle.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.title, title)))[0].id;

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

  it("a collection comes back in the order asked, unknown ids and those of no brand of the user left out", async () => {
    const dealer = await userOf("dealer@example.com");
    const admin = await userOf("admin@example.com");
    const [first, second] = (await loadUserAnnouncements(handle.db, dealer, "en")).visible;
    const halden = await idOf("Halden summer stock offer");
    const rows = await announcementsByIds(handle.db, admin, [second.id, 999_999, halden, first.id]);
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

  // ---- issue #30 §2: announcements are administered within the editor's brands ----------------

  /** The admin with a portal scope of brand 1 only (the demo's holds brands 1, 2 and 4). */
  const brandOneEditor = async () => ({
    ...(await userOf("admin@example.com")),
    portalScope: { brandIds: [1], regionCodes: ["NA"] },
  });
  const draft = (title: string, brandIds: number[], updatedAt?: string) =>
    announcementSchema.parse({
      title,
      language: "nl",
      priority: "medium",
      linkUrl: "https://news.vantor.example.com/scope",
      startDate: "2026-06-01",
      expirationDate: "2026-07-01",
      brandIds: brandIds.map(String),
      regionCodes: ["NA"],
      updatedAt,
    });
  const total = async () => (await handle.db.select({ n: count() }).from(announcements))[0].n;

  it("SPEC #30 an announcement can be saved only within the editor's brands: brands [1, 3] are refused, nothing written", async () => {
    const editor = await brandOneEditor();
    const before = await total();
    expect(await createAnnouncement(handle.db, editor, draft("Scope test 1+3", [1, 3]))).toEqual({
      kind: "brandNotYours",
    });
    expect(await total()).toBe(before);
    const id = await createAnnouncement(handle.db, editor, draft("Scope test 1", [1]));
    expect(typeof id).toBe("number");
    const saved = (await getAnnouncement(handle.db, editor, id as number))!;
    // Re-targeting one's own announcement to a brand not one's own is refused too, and changes nothing.
    expect(
      await updateAnnouncement(
        handle.db,
        editor,
        saved.id,
        draft("Scope test 1+5", [1, 5], saved.updatedAt.toISOString()),
      ),
    ).toEqual({ kind: "brandNotYours" });
    const after = (await getAnnouncement(handle.db, editor, saved.id))!;
    expect(after.brandIds).toEqual([1]);
    expect(after.title).toBe("Scope test 1");
    expect(await deleteAnnouncement(handle.db, editor, saved.id)).toBe(true);
  });

  it("SPEC #30 an announcement whose brands are not all the editor's is not there for them: brand 3's and brands 1–5's cannot be edited or deleted", async () => {
    const editor = await brandOneEditor();
    for (const title of ["Halden summer stock offer", "Year-end closing hours"]) {
      const id = await idOf(title);
      const [row] = await handle.db.select().from(announcements).where(eq(announcements.id, id));
      expect(
        await updateAnnouncement(handle.db, editor, id, draft("Taken over", [1], row.updatedAt.toISOString())),
        title,
      ).toEqual({ kind: "missing" });
      expect(await deleteAnnouncement(handle.db, editor, id), title).toBe(false);
      const [still] = await handle.db.select().from(announcements).where(eq(announcements.id, id));
      expect(still, title).toEqual(row);
    }
    // Brand 3's is not even listed to them; the one for every brand is (brand 1 is among its brands).
    expect(await getAnnouncement(handle.db, editor, await idOf("Halden summer stock offer"))).toBeNull();
    expect(await getAnnouncement(handle.db, editor, await idOf("Year-end closing hours"))).not.toBeNull();
  });

  it("SPEC #30 an actor without a portal scope cannot write announcements at all", async () => {
    const auditor = await userOf("auditor@example.com");
    expect(auditor.portalScope.brandIds).toEqual([]);
    const before = await total();
    expect(await createAnnouncement(handle.db, auditor, draft("Auditor notice", [1]))).toEqual({
      kind: "brandNotYours",
    });
    expect(await total()).toBe(before);
    const id = await idOf("Winter checklist");
    const [row] = await handle.db.select().from(announcements).where(eq(announcements.id, id));
    expect(
      await updateAnnouncement(handle.db, auditor, id, draft("Auditor edit", [1], row.updatedAt.toISOString())),
    ).toEqual({ kind: "missing" });
    expect(await deleteAnnouncement(handle.db, auditor, id)).toBe(false);
    expect((await handle.db.select().from(announcements).where(eq(announcements.id, id)))[0]).toEqual(row);
  });

  it("SPEC #30 the management list holds what the user may see: one of its brands in the portal scope, or for a reader without one, one of their own brands", async () => {
    // Every row of the list (the export's reader), and the list's count agrees.
    const titles = async (user: PortalUser) => {
      const rows: string[] = [];
      for await (const row of everyListedAnnouncement(handle.db, user, {})) rows.push(row.title);
      expect((await listAnnouncements(handle.db, user, {})).total).toBe(rows.length);
      return rows;
    };
    const admin = await titles(await userOf("admin@example.com"));
    expect(admin).toEqual(
      expect.arrayContaining(["Year-end closing hours", "Corvane training dates", "Portable Power price list 2027"]),
    );
    expect(admin).not.toContain("Halden summer stock offer");
    expect(admin).not.toContain("Brixton service bulletin SB-12");
    const brandOne = await titles(await brandOneEditor());
    expect(brandOne).toContain("Year-end closing hours");
    expect(brandOne).not.toContain("Corvane training dates");
    // The auditor reads at a dealer location of brand 1, without a portal scope: those with brand 1 among theirs.
    const auditorUser = await userOf("auditor@example.com");
    expect(auditorUser.access.brands.map((b) => b.id)).toEqual([1]);
    const auditor = await titles(auditorUser);
    expect(auditor).toEqual(expect.arrayContaining(["Winter checklist", "Year-end closing hours"]));
    expect(auditor).not.toContain("Corvane training dates");
    expect(auditor).not.toContain("Halden summer stock offer");
    // A user of no brand sees none.
    const nobody = { ...auditorUser, access: { ...auditorUser.access, brands: [] } };
    expect((await listAnnouncements(handle.db, nobody, {})).total).toBe(0);
  });
});
