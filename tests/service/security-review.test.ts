import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { emailOutbox, identities, securityReviews, sessions } from "~/db/schema";
import {
  attestationUsers,
  confirmAttestation,
  disableAccounts,
  reviewHistoryRows,
} from "~/security-review/security-review.server";
import { lastSecurityReviewOf } from "~/security-review/last-review.server";
import { remindDueSecurityReviews } from "~/security-review/reminders.server";
import { loadAccessData } from "~/permissions/access-profile.server";
import { actorOf, actorOfId } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

const DAY = 86_400_000;

describe.each(BACKENDS)("issue #16 §3 security review (attestation) on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let dealerId: number;
  let auditorId: number;
  let haldenId: number;
  const now = new Date("2026-11-23T12:00:00Z");

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    // The demo's own review of the admin's locations is taken away: these tests start from none.
    await handle.db.delete(securityReviews);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
    auditorId = await identityIdOf(handle.db, "auditor@example.com");
    haldenId = await identityIdOf(handle.db, "halden@example.com");
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await handle.db
      .update(identities)
      .set({ lastLoginAt: ago(200) })
      .where(eq(identities.id, dealerId));
    await handle.db
      .update(identities)
      .set({ lastLoginAt: ago(45) })
      .where(eq(identities.id, auditorId));
    await handle.db
      .update(identities)
      .set({ lastLoginAt: ago(2) })
      .where(eq(identities.id, adminId));
    await handle.db.update(identities).set({ lastLoginAt: null }).where(eq(identities.email, "migrate@example.com"));
  });
  afterAll(async () => handle?.close());

  it("lists the active users of the administrator's locations by days since login descending, never first, with their groups; the admin's own row is marked", async () => {
    const users = await attestationUsers(handle.db, await actorOfId(handle.db, adminId), now);
    const ids = users.map((u) => u.id);
    expect(ids).not.toContain(haldenId);
    const never = users.filter((u) => u.daysSinceLogin === null);
    expect(users.slice(0, never.length)).toEqual(never);
    const days = users.map((u) => u.daysSinceLogin).filter((d): d is number => d !== null);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const dealer = users.find((u) => u.id === dealerId)!;
    expect(dealer).toMatchObject({ daysSinceLogin: 200, group: { id: 0, colour: "error" }, self: false });
    expect(users.find((u) => u.id === auditorId)?.group).toEqual({ id: 1, colour: "warn" });
    expect(users.find((u) => u.id === adminId)).toMatchObject({ self: true, group: { id: 2, colour: "correct" } });
    expect(users.find((u) => u.email === "migrate@example.com")?.group).toEqual({ id: 3, colour: "error" });
  });

  it("is due before any review; Disable accounts deactivates the selected (never the admin, never another dealer's user), ending their sessions", async () => {
    expect(await lastSecurityReviewOf(handle.db, adminId)).toBeNull();
    await handle.db
      .insert(sessions)
      .values({ id: "s-attest", identityId: dealerId, data: {}, expiresAt: new Date(Date.now() + DAY) });
    const outcome = await disableAccounts(handle.db, await actorOfId(handle.db, adminId), [
      dealerId,
      adminId,
      haldenId,
    ]);
    expect(outcome).toEqual({ disabled: [dealerId], refused: [adminId, haldenId] });
    const [dealer] = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(dealer.status).toBe("inactive");
    expect(await handle.db.select().from(sessions).where(eq(sessions.identityId, dealerId))).toEqual([]);
    // The list no longer shows the disabled user.
    expect(
      (await attestationUsers(handle.db, await actorOfId(handle.db, adminId), now)).map((u) => u.id),
    ).not.toContain(dealerId);
  });

  it("Proceed records the evidence: who, when, the locations, who was listed and who was disabled; the review is no longer due", async () => {
    const listed = (await attestationUsers(handle.db, await actorOfId(handle.db, adminId), now)).map((u) => u.id);
    const reviewId = await confirmAttestation(handle.db, await actorOfId(handle.db, adminId), now);
    const [review] = await handle.db.select().from(securityReviews).where(eq(securityReviews.id, reviewId));
    expect(review.reviewerId).toBe(adminId);
    expect(review.confirmedAt?.toISOString()).toBe(now.toISOString());
    expect(review.disabledIdentityIds).toEqual([dealerId]);
    expect([...review.listedIdentityIds].sort()).toEqual([...listed, dealerId].sort());
    expect(review.organizationIds.length).toBe(3);
    expect((await lastSecurityReviewOf(handle.db, adminId))?.toISOString()).toBe(now.toISOString());
    // The auditor shares one of those locations: reviewed by the admin, it counts for the auditor too.
    expect((await lastSecurityReviewOf(handle.db, auditorId))?.toISOString()).toBe(now.toISOString());
    expect(await handle.db.select().from(securityReviews).where(isNull(securityReviews.confirmedAt))).toEqual([]);
  });

  it("the review history export of the admin's locations: who confirmed, when, where, who was listed and who was disabled", async () => {
    const [latest] = await reviewHistoryRows(handle.db, await actorOfId(handle.db, adminId));
    expect(latest.confirmedAt.toISOString()).toBe(now.toISOString());
    expect(latest.reviewer).toBe("admin@example.com");
    expect(latest.locations.split("; ")).toContain("Prairie Equipment – Columbus");
    expect(latest.disabled).toBe("dealer@example.com");
    expect(latest.listed.split("; ")).toEqual(expect.arrayContaining(["dealer@example.com", "admin@example.com"]));
    // Another dealership's administrator sees none of it.
    expect(await reviewHistoryRows(handle.db, await actorOf(handle.db, "principal@example.com"))).toEqual([]);
  });

  it("issue #16 §3 the daily reminder e-mails each administrator whose review is due, at most once a week", async () => {
    const options = { publicUrl: "https://portal.example.com", periodDays: 90 };
    const mailTo = async (to: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    // The principal, and the two directory administrators whose seeded reviews were taken away too.
    expect(await remindDueSecurityReviews(handle.db, options, now)).toEqual({ reminded: 3 });
    const [mail] = await mailTo("principal@example.com");
    expect(mail.subject).toBe("Security review due for your dealership");
    expect(mail.text).toContain("Hello Paula Grant,");
    expect(mail.text).toContain("https://portal.example.com/security-review");
    expect(await mailTo("admin@example.com")).toEqual([]);
    expect(await remindDueSecurityReviews(handle.db, options, new Date(now.getTime() + DAY))).toEqual({ reminded: 0 });
    expect(await remindDueSecurityReviews(handle.db, options, new Date(now.getTime() + 7 * DAY))).toEqual({
      reminded: 3,
    });
    // 91 days after the admin's review the admin is due too; the others' last reminders are long past.
    expect(await remindDueSecurityReviews(handle.db, options, new Date(now.getTime() + 91 * DAY))).toEqual({
      reminded: 4,
    });
    expect(await mailTo("admin@example.com")).toHaveLength(1);
  });

  it("issue #16 §1 the access data asks for adminAttestation while the review is due, and no longer after it", async () => {
    const actionsOf = async (email: string) =>
      (await loadAccessData(handle.db, await identityIdOf(handle.db, email)))?.requiredActions;
    expect(await actionsOf("principal@example.com")).toEqual(["adminAttestation"]);
    // A user who manages no users is never asked.
    expect(await actionsOf("auditor@example.com")).toEqual([]);
    await handle.db.delete(securityReviews);
    expect(await actionsOf("admin@example.com")).toEqual(["adminAttestation"]);
    await confirmAttestation(handle.db, await actorOfId(handle.db, adminId));
    expect(await actionsOf("admin@example.com")).toEqual([]);
    // The account to migrate keeps its stored action; the review would come after it.
    expect(await actionsOf("migrate@example.com")).toEqual(["changePassword"]);
  });
});
