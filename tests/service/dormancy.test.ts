import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, emailOutbox, identities } from "~/db/schema";
import { deactivateInactiveUsers } from "~/users/lifecycle.server";
import { sendDormancyWarnings, setDormancyExemption } from "~/users/dormancy.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PUBLIC_URL = "http://portal.test";

describe.each(BACKENDS)("issue #39 §4 warnings before dormancy on $name", (backend) => {
  let handle: DatabaseHandle;
  const now = new Date("2026-12-01T03:10:00Z");
  /** Signed in last so many days (and an hour) before `now`: that many days left of 180, less a day. */
  const lastSignIn = (daysLeft: number) => new Date(now.getTime() - (180 - daysLeft) * DAY - HOUR);
  let ids: Record<string, number>;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    const db = handle.db;
    // The demo's users signed in recently or are exempt from this test's concern; these are the subjects.
    const make = async (key: string, values: Partial<typeof identities.$inferInsert>) =>
      (
        await db
          .insert(identities)
          .values({
            email: `${key}-${backend.name}@example.com`,
            firstName: key,
            lastName: "Dormant",
            userType: "external",
            serialNumber: `SN-D-${key}-${backend.name}`,
            createdAt: new Date(now.getTime() - 400 * DAY),
            ...values,
          })
          .returning({ id: identities.id })
      )[0].id;
    ids = {
      fourteen: await make("fourteen", { lastLoginAt: lastSignIn(14) }),
      three: await make("three", { lastLoginAt: lastSignIn(3), preferredLanguage: "de" }),
      one: await make("one", { lastLoginAt: lastSignIn(1) }),
      twenty: await make("twenty", { lastLoginAt: lastSignIn(20) }),
      exempt: await make("exempt", {
        lastLoginAt: lastSignIn(3),
        dormancyExemptUntil: "2027-01-31",
        dormancyExemptReason: "Seasonal",
      }),
      inactive: await make("inactive", { lastLoginAt: lastSignIn(3), status: "inactive" }),
      never: await make("never", { lastLoginAt: null, createdAt: lastSignIn(3) }),
    };
  });
  afterAll(async () => {
    await handle?.close();
  });

  const mailsTo = async (key: string) =>
    handle.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `${key}-${backend.name}@example.com`));

  it("warns 14, 3 and 1 days before, in the user's language, never the exempt, the inactive or those further off", async () => {
    const { warned } = await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, now);
    expect(warned).toBe(4);
    expect((await mailsTo("fourteen")).map((m) => m.subject)).toEqual([
      "Your Dealer Portal account will be deactivated in 14 days",
    ]);
    expect((await mailsTo("one")).map((m) => m.subject)).toEqual([
      "Your Dealer Portal account will be deactivated in 1 day",
    ]);
    const [german] = await mailsTo("three");
    expect(german.subject).toMatch(/3 Tagen/);
    expect(german.text).toContain(`${PUBLIC_URL}/`);
    expect(await mailsTo("never")).toHaveLength(1);
    for (const key of ["twenty", "exempt", "inactive"]) expect(await mailsTo(key), key).toEqual([]);
  });

  it("a rerun sends nothing twice; the next stage comes when its day is reached", async () => {
    expect(await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, now)).toEqual({ warned: 0 });
    expect(await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, new Date(now.getTime() + HOUR))).toEqual({
      warned: 0,
    });
    // Eleven days on: "fourteen" has 3 left, "twenty" 9 (its first warning, the 14 days').
    const later = new Date(now.getTime() + 11 * DAY);
    await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, later);
    expect((await mailsTo("fourteen")).map((m) => m.subject)).toEqual([
      "Your Dealer Portal account will be deactivated in 14 days",
      "Your Dealer Portal account will be deactivated in 3 days",
    ]);
    expect((await mailsTo("twenty")).map((m) => m.subject)).toEqual([
      "Your Dealer Portal account will be deactivated in 9 days",
    ]);
  });

  it("a sign-in cancels the warnings: a new inactivity period starts with none", async () => {
    await handle.db.update(identities).set({ lastLoginAt: now }).where(eq(identities.id, ids.one));
    const before = (await mailsTo("one")).length;
    await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, new Date(now.getTime() + 2 * DAY));
    expect(await mailsTo("one")).toHaveLength(before);
    // 166 days after that sign-in, its own first warning comes.
    await sendDormancyWarnings(handle.db, { publicUrl: PUBLIC_URL }, new Date(now.getTime() + 166 * DAY + HOUR));
    expect((await mailsTo("one")).at(-1)?.subject).toBe("Your Dealer Portal account will be deactivated in 14 days");
  });

  it("auto-deactivation honours an exemption through its last day, and deactivates after it", async () => {
    const status = async (id: number) =>
      (await handle.db.select({ status: identities.status }).from(identities).where(eq(identities.id, id)))[0].status;
    await deactivateInactiveUsers(handle.db, new Date("2027-01-31T23:00:00Z"));
    expect(await status(ids.exempt)).toBe("active");
    expect(await status(ids.three)).toBe("inactive");
    await deactivateInactiveUsers(handle.db, new Date("2027-02-01T02:20:00Z"));
    expect(await status(ids.exempt)).toBe("inactive");
  });

  it("an administrator exempts a user they manage, audited; another dealer's administrator cannot", async () => {
    const db = handle.db;
    const dana = await identityIdOf(db, "dealer@example.com");
    const admin = await actorOf(db, "admin@example.com");
    expect(
      await setDormancyExemption(db, admin, dana, { until: "2027-03-31", reason: "Service account" }, now),
    ).toEqual({
      kind: "saved",
    });
    const [row] = await db
      .select({ until: identities.dormancyExemptUntil, reason: identities.dormancyExemptReason })
      .from(identities)
      .where(eq(identities.id, dana));
    expect(row).toEqual({ until: "2027-03-31", reason: "Service account" });
    const audited = await db
      .select({ field: auditLog.field, newValue: auditLog.newValue, by: auditLog.changedBy })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, dana), inArray(auditLog.field, ["dormancyExemptUntil", "dormancyExemptReason"])),
      );
    expect(audited).toEqual(
      expect.arrayContaining([
        { field: "dormancyExemptUntil", newValue: "2027-03-31", by: admin.identityId },
        { field: "dormancyExemptReason", newValue: "Service account", by: admin.identityId },
      ]),
    );
    const principal = await actorOf(db, "principal@example.com");
    expect(await setDormancyExemption(db, principal, dana, null, now)).toEqual({ kind: "missing" });
    expect(await setDormancyExemption(db, admin, dana, null, now)).toEqual({ kind: "saved" });
    expect(
      (await db.select({ until: identities.dormancyExemptUntil }).from(identities).where(eq(identities.id, dana)))[0]
        .until,
    ).toBeNull();
  });
});
