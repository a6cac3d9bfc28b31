import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { announcements, identities, organizations, roleAssignments } from "~/db/schema";
import { acknowledgeAnnouncement, markAnnouncementRead } from "~/announcements/announcements.server";
import { remindToAcknowledge } from "~/announcements/acknowledgement-reminders.server";
import {
  acknowledgementPeople,
  acknowledgementReceipts,
  acknowledgementSummaries,
  hasReceiptsFor,
  receiptViewerOf,
  TARGETED,
} from "~/announcements/receipts.server";
import { announcementVisibleTo, type AnnouncementTargeting } from "~/announcements/rules";
import { actorOf, actorOfId } from "./actor-of";
import { mailsTo as mailsToAddress } from "./mails-to";
import { BACKENDS, seededDatabase } from "./backends";

const DAY = 86_400_000;
const OPTIONS = { publicUrl: "http://portal.test", reminderDays: 3 };

describe.each(BACKENDS)("issue #40 §3 announcements that must be acknowledged on $name", (backend) => {
  let handle: DatabaseHandle;
  let recallId: number;
  const start = new Date(Date.now() - 60_000);
  const at = (days: number) => new Date(start.getTime() + days * DAY);

  const addAnnouncement = async (values: Partial<typeof announcements.$inferInsert>) => {
    const [row] = await handle.db
      .insert(announcements)
      .values({
        title: "Recall notice",
        linkUrl: "https://portal.example/recall",
        startDate: start,
        expirationDate: at(30),
        brandIds: [1],
        regionCodes: ["NA"],
        requiresAcknowledgement: true,
        ...values,
      })
      .returning();
    return row;
  };

  /** Who the SQL says an announcement reaches. */
  const targetedIds = async (id: number) =>
    (
      (await handle.db.execute(
        sql`select i.id from announcements a join identities i on ${TARGETED} where a.id = ${id} order by i.id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    // The demo's own (admin@'s recall) would be counted and reminded too: this test's alone asks for acknowledgement.
    await handle.db.update(announcements).set({ requiresAcknowledgement: false });
    recallId = (await addAnnouncement({})).id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("the targeted users are exactly those the feed shows it to (announcementVisibleTo), for any targeting", async () => {
    const variants: Partial<AnnouncementTargeting & { brandIds: number[]; regionCodes: string[]; roles: string[] }>[] =
      [
        {},
        { brandIds: [3], regionCodes: ["EMEA"] },
        { brandIds: [2, 4], regionCodes: ["NA", "APAC"] },
        { roles: ["PartnerPortalSales"] },
        { language: "de", brandIds: [1, 2, 3, 4, 5], regionCodes: ["NA", "EMEA", "APAC"] },
      ];
    await handle.db
      .update(identities)
      .set({ preferredLanguage: "de" })
      .where(eq(identities.email, "employee@example.com"));
    const sizes: number[] = [];
    for (const variant of variants) {
      const row = await addAnnouncement(variant);
      const expected: number[] = [];
      for (const person of await handle.db
        .select({ id: identities.id, language: identities.preferredLanguage })
        .from(identities)
        .where(eq(identities.status, "active"))) {
        const actor = await actorOfId(handle.db, person.id).catch(() => null);
        if (!actor) continue;
        const audience = {
          locale: person.language,
          brandIds: actor.access.brands.map((b) => b.id),
          regions: actor.access.regions,
          webRoles: actor.profile.webRoles,
        };
        if (announcementVisibleTo(row, audience, at(1))) expected.push(person.id);
      }
      expect(await targetedIds(row.id)).toEqual(expected.sort((a, b) => a - b));
      sizes.push(expected.length);
      await handle.db.delete(announcements).where(eq(announcements.id, row.id));
    }
    await handle.db
      .update(identities)
      .set({ preferredLanguage: "en" })
      .where(eq(identities.email, "employee@example.com"));
  });

  it("the audience follows a location moved to another brand and a role taken away and given back", async () => {
    const [someone] = await targetedIds(recallId);
    const assignments = await handle.db.select().from(roleAssignments).where(eq(roleAssignments.identityId, someone));
    const places = await handle.db
      .select({ id: organizations.id, brandId: organizations.brandId })
      .from(organizations)
      .where(
        inArray(
          organizations.id,
          assignments.map((assignment) => assignment.organizationId),
        ),
      );
    await handle.db
      .update(organizations)
      .set({ brandId: 3 })
      .where(
        inArray(
          organizations.id,
          places.map((place) => place.id),
        ),
      );
    expect(await targetedIds(recallId)).not.toContain(someone);
    for (const place of places)
      await handle.db.update(organizations).set({ brandId: place.brandId }).where(eq(organizations.id, place.id));
    expect(await targetedIds(recallId)).toContain(someone);

    await handle.db.delete(roleAssignments).where(eq(roleAssignments.identityId, someone));
    expect(await targetedIds(recallId)).not.toContain(someone);
    await handle.db.insert(roleAssignments).values(assignments);
    expect(await targetedIds(recallId)).toContain(someone);
  });

  it("a dealer acknowledges: the receipt report counts it, once, read and acknowledged; opening alone counts as read", async () => {
    const oem = receiptViewerOf(await actorOf(handle.db, "oem@example.com"));
    const before = await acknowledgementReceipts(handle.db, oem, recallId);
    const total = () => before!.rows.find((row) => row.level === "total")!;
    expect(total().targeted).toBeGreaterThan(1);
    expect(total().acknowledged).toBe(0);

    const dealer = await actorOf(handle.db, "dealer@example.com");
    expect(await acknowledgeAnnouncement(handle.db, dealer, recallId, "en", at(1))).not.toBeNull();
    // Twice changes nothing; an announcement that asks for none cannot be acknowledged.
    expect(await acknowledgeAnnouncement(handle.db, dealer, recallId, "en", at(1))).not.toBeNull();
    const plain = await addAnnouncement({ title: "Plain news", requiresAcknowledgement: false });
    expect(await acknowledgeAnnouncement(handle.db, dealer, plain.id, "en", at(1))).toBeNull();
    const auditor = await actorOf(handle.db, "auditor@example.com");
    await markAnnouncementRead(handle.db, auditor, recallId, "en", at(1));

    const after = await acknowledgementReceipts(handle.db, oem, recallId);
    const afterTotal = after!.rows.find((row) => row.level === "total")!;
    expect(afterTotal).toMatchObject({ targeted: total().targeted, acknowledged: 1, read: 2 });
    // The maker's managers see counts: no location is named to them, nor its people.
    expect(after!.rows.every((row) => !row.named)).toBe(true);
    const someLocation = after!.rows.find((row) => row.level === "location")!;
    expect(await acknowledgementPeople(handle.db, oem, recallId, someLocation.locationId!)).toBeNull();
    // The summaries carry the same totals.
    const [summary] = (await acknowledgementSummaries(handle.db, oem)).filter((s) => s.id === recallId);
    expect(summary).toMatchObject({ targeted: afterTotal.targeted, read: 2, acknowledged: 1 });
  });

  it("a dealer's administrator sees their own locations only, with names", async () => {
    const principal = receiptViewerOf(await actorOf(handle.db, "principal@example.com"));
    const report = await acknowledgementReceipts(handle.db, principal, recallId);
    const locations = report!.rows.filter((row) => row.level === "location");
    expect(locations.map((row) => row.location)).toEqual(["Summit Machinery – Denver"]);
    expect(locations[0].named).toBe(true);
    const people = await acknowledgementPeople(handle.db, principal, recallId, locations[0].locationId!);
    expect(people!.location).toBe("Summit Machinery – Denver");
    expect(people!.people.length).toBe(locations[0].targeted);
    // Another dealer's location: not theirs, no names.
    const oem = receiptViewerOf(await actorOf(handle.db, "oem@example.com"));
    const other = (await acknowledgementReceipts(handle.db, oem, recallId))!.rows.find(
      (row) => row.level === "location" && row.location !== "Summit Machinery – Denver",
    )!;
    expect(await acknowledgementPeople(handle.db, principal, recallId, other.locationId!)).toBeNull();
    // A scheduled one (an embargoed recall) is nobody's to read yet: not listed, no report.
    const scheduled = await addAnnouncement({ title: "Embargoed recall", startDate: at(2) });
    expect((await acknowledgementSummaries(handle.db, principal)).map((row) => row.title)).not.toContain(
      "Embargoed recall",
    );
    expect(await acknowledgementReceipts(handle.db, oem, scheduled.id)).toBeNull();
    expect(await hasReceiptsFor(handle.db, oem, scheduled.id)).toBe(false);
    expect(await hasReceiptsFor(handle.db, oem, recallId)).toBe(true);
    await handle.db.delete(announcements).where(eq(announcements.id, scheduled.id));
    // A user with neither feature sees nothing.
    const nobody = receiptViewerOf(await actorOf(handle.db, "halden@example.com"));
    expect(await acknowledgementReceipts(handle.db, nobody, recallId)).toBeNull();
    expect(await hasReceiptsFor(handle.db, nobody, recallId)).toBe(false);
  });

  it("reminders after ACKNOWLEDGEMENT_REMINDER_DAYS, at most twice, never to who acknowledged", async () => {
    const mailsTo = (email: string) => mailsToAddress(handle.db, email);
    const targeted = await targetedIds(recallId);
    const [erin] = await handle.db.select().from(identities).where(eq(identities.email, "employee@example.com"));
    expect(targeted).toContain(erin.id);
    expect((await remindToAcknowledge(handle.db, OPTIONS, at(2.9))).reminders).toBe(0);
    const first = await remindToAcknowledge(handle.db, OPTIONS, at(3));
    // Everyone targeted but the dealer who acknowledged.
    expect(first.reminders).toBe(targeted.length - 1);
    expect((await mailsTo("dealer@example.com")).length).toBe(0);
    const [mail] = await mailsTo("employee@example.com");
    expect(mail.subject).toBe("1 announcement awaits your confirmation");
    expect(mail.text).toContain("- Recall notice");
    expect(mail.text).toContain("http://portal.test/?brand=1&announcements=unread");
    expect((await remindToAcknowledge(handle.db, OPTIONS, at(3.5))).reminders).toBe(0);
    expect((await remindToAcknowledge(handle.db, OPTIONS, at(6))).reminders).toBe(targeted.length - 1);
    expect((await remindToAcknowledge(handle.db, OPTIONS, at(12))).reminders).toBe(0);
    expect((await mailsTo("employee@example.com")).length).toBe(2);
  });
});
