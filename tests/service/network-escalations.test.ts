import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { directoryAssignments, directoryStaffing, emailOutbox, identities, organizations } from "~/db/schema";
import { escalateDirectoryGaps } from "~/network/escalations.server";
import { refreshNetworkFigures } from "~/network/refresh.server";
import { mailsTo as mailsToAddress } from "./mails-to";
import { BACKENDS, seededDatabase } from "./backends";

const DAY = 86_400_000;
const OPTIONS = { publicUrl: "http://portal.test", escalationDays: 14 };

describe.each(BACKENDS)("issue #40 §2 directory gaps escalate on $name", (backend) => {
  let handle: DatabaseHandle;
  let omaha: number;
  const start = new Date(Date.now() + 60_000);
  const at = (days: number) => new Date(start.getTime() + days * DAY);

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    const [row] = await handle.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, "Great Plains Equipment – Omaha"));
    omaha = row.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  const mailsTo = (email: string) => mailsToAddress(handle.db, email);
  const run = async (when: Date) => {
    await refreshNetworkFigures(handle.db, when);
    return escalateDirectoryGaps(handle.db, OPTIONS, when);
  };

  it("the only holder deactivated: the location's administrators hear once, in their language; nobody else", async () => {
    await run(start);
    const [held] = await handle.db
      .select()
      .from(directoryAssignments)
      .where(eq(directoryAssignments.organizationId, omaha))
      .limit(1);
    await handle.db
      .update(identities)
      .set({ preferredLanguage: "de" })
      .where(eq(identities.email, "directory@example.com"));
    await handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, held.identityId));
    const before = await mailsTo("directory@example.com");
    expect((await run(at(0.01))).locationMails).toBe(1);
    const after = await mailsTo("directory@example.com");
    expect(after.length).toBe(before.length + 1);
    const mail = after[after.length - 1];
    // Every role that person held there, in one message (German plural when more than one).
    const lost = await handle.db
      .select()
      .from(directoryAssignments)
      .where(and(eq(directoryAssignments.organizationId, omaha), eq(directoryAssignments.identityId, held.identityId)));
    expect(mail.subject).toBe(
      lost.length === 1
        ? "1 erforderlicher Ansprechpartner fehlt an Ihren Standorten"
        : `${lost.length} erforderliche Ansprechpartner fehlen an Ihren Standorten`,
    );
    expect(mail.text.split("\n").filter((line) => line.startsWith("- ")).length).toBe(lost.length);
    expect(mail.text).toContain("Great Plains Equipment – Omaha");
    expect(mail.text).toContain("http://portal.test/admin/manage-directory/DEALER_LOCATION");
    // Another dealer's administrator and the maker hear nothing of it yet.
    expect((await mailsTo("principal@example.com")).length).toBe(0);
    // A rerun sends nothing again.
    expect((await run(at(0.02))).locationMails).toBe(0);
    expect((await mailsTo("directory@example.com")).length).toBe(after.length);
  });

  it("unfilled for 14 days: escalated once to the maker's network managers of that brand and region, shown as escalated; cleared when filled", async () => {
    const oemBefore = (await mailsTo("oem@example.com")).length;
    expect((await run(at(13.9))).escalationMails).toBe(0);
    const escalated = await run(at(14.05));
    expect(escalated.escalationMails).toBeGreaterThan(0);
    const oemMails = await mailsTo("oem@example.com");
    expect(oemMails.length).toBe(oemBefore + 1);
    expect(oemMails[oemMails.length - 1].subject).toBe("Required directory roles unfilled for 14 days");
    expect(oemMails[oemMails.length - 1].text).toContain("Great Plains Equipment – Omaha (Great Plains Equipment)");
    expect(oemMails[oemMails.length - 1].text).toContain(
      "http://portal.test/admin/network?brandId=1&region=NA&need=incomplete",
    );
    // Not to a dealer's administrator, nor a network manager of other brands or regions.
    expect((await mailsTo("directory@example.com")).some((mail) => mail.subject.includes("14"))).toBe(false);
    const rows = await handle.db.select().from(directoryStaffing).where(eq(directoryStaffing.organizationId, omaha));
    expect(rows.filter((row) => row.holderId === null).every((row) => row.escalatedAt !== null)).toBe(true);
    // Once.
    expect((await run(at(15))).escalationMails).toBe(0);
    expect((await mailsTo("oem@example.com")).length).toBe(oemBefore + 1);

    // Filled again: the stamps clear; lost again, it starts over.
    const [held] = await handle.db
      .select()
      .from(directoryAssignments)
      .where(eq(directoryAssignments.organizationId, omaha))
      .limit(1);
    await handle.db.update(identities).set({ status: "active" }).where(eq(identities.id, held.identityId));
    await run(at(16));
    const filled = await handle.db
      .select()
      .from(directoryStaffing)
      .where(and(eq(directoryStaffing.organizationId, omaha), eq(directoryStaffing.itemId, held.itemId)));
    expect(filled[0]).toMatchObject({
      holderId: held.identityId,
      unfilledSince: null,
      holderLost: false,
      locationNotifiedAt: null,
      escalatedAt: null,
    });
  });

  it("a network manager of other brands hears nothing of North America's gaps", async () => {
    // admin@ manages brands 1, 2 and 4 (NA and EMEA) and so hears; nobody else holds the feature.
    const holders = await handle.db
      .select({ email: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(inArray(emailOutbox.subject, ["Required directory roles unfilled for 14 days"]));
    expect([...new Set(holders.map((row) => row.email))].sort()).toEqual(["admin@example.com", "oem@example.com"]);
  });
});
