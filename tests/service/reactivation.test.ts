import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { getConfig } from "~/config.server";
import { auditLog, emailOutbox, identities } from "~/db/schema";
import { activateUser, deactivateInactiveUsers, deactivateUser } from "~/users/lifecycle.server";
import { deactivationOf, requestReactivation } from "~/users/reactivation.server";
import { listUsers, reactivationRequestCount } from "~/users/user-list.server";
import { mailsTo as mailsToAddress } from "./mails-to";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const DAY = 86_400_000;
const PUBLIC_URL = "http://portal.test";

describe.each(BACKENDS)("issue #39 §5 reactivation request on $name", (backend) => {
  let handle: DatabaseHandle;
  let away: number;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    away = await identityIdOf(handle.db, "inactive@example.com");
    // The demo administrator of Columbus reads German: the request reaches them in it.
    await handle.db
      .update(identities)
      .set({ preferredLanguage: "de" })
      .where(eq(identities.email, "admin@example.com"));
  });
  afterAll(async () => {
    await handle?.close();
  });

  const mailsTo = (email: string) => mailsToAddress(handle.db, email);
  const allMail = async () => (await handle.db.select({ to: emailOutbox.toAddress }).from(emailOutbox)).length;

  it("the sign-in tells the demo's deactivated user why and since when", async () => {
    const notice = await deactivationOf(handle.db, away);
    expect(notice?.forInactivity).toBe(true);
    expect(notice?.requestedAt).toBeNull();
    const days = (Date.now() - new Date(notice!.deactivatedAt!).getTime()) / DAY;
    expect(Math.round(days)).toBe(12);
    expect(await deactivationOf(handle.db, await identityIdOf(handle.db, "dealer@example.com"))).toBeNull();
  });

  it("a request is stamped, audited as the user's, and e-mailed once to the administrators of their locations in their language", async () => {
    const before = await allMail();
    const now = new Date();
    const outcome = await requestReactivation(handle.db, away, { publicUrl: PUBLIC_URL }, now);
    expect(outcome.kind).toBe("sent");
    const [admin] = await mailsTo("admin@example.com");
    expect(admin.subject).toBe("Reaktivierung angefragt: Sam Novak");
    expect(admin.text).toContain("inactive@example.com");
    expect(admin.text).toContain(`${PUBLIC_URL}/admin/users?deactivation=reactivationRequested`);
    // Administrators elsewhere, read-only staff at Columbus and the user hear nothing.
    for (const email of [
      "principal@example.com",
      "directory@example.com",
      "auditor@example.com",
      "inactive@example.com",
    ])
      expect(await mailsTo(email), email).toEqual([]);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, away), eq(auditLog.field, "reactivationRequestedAt")));
    expect(audit).toMatchObject({ entity: "identity", changedBy: away, oldValue: null, newValue: now.toISOString() });
    const sent = (await allMail()) - before;

    // Once per deactivation: asking again changes nothing and sends nothing.
    expect((await requestReactivation(handle.db, away, { publicUrl: PUBLIC_URL })).kind).toBe("refused");
    expect((await allMail()) - before).toBe(sent);
    expect((await deactivationOf(handle.db, away))?.requestedAt).toBe(now.toISOString());
  });

  it("an active user's request changes nothing", async () => {
    const before = await allMail();
    const dealer = await identityIdOf(handle.db, "dealer@example.com");
    expect((await requestReactivation(handle.db, dealer, { publicUrl: PUBLIC_URL })).kind).toBe("refused");
    expect(await allMail()).toBe(before);
  });

  it("the users list's 'Reactivation requested' shows the request to those who manage the user only", async () => {
    const admin = await actorOf(handle.db, "admin@example.com");
    const principal = await actorOf(handle.db, "principal@example.com");
    const listed = await listUsers(handle.db, admin, { deactivation: "reactivationRequested" });
    expect(listed.rows.map((row) => row.email)).toEqual(["inactive@example.com"]);
    expect(listed.rows[0].reactivationRequestedAt).toBeInstanceOf(Date);
    expect(await reactivationRequestCount(handle.db, admin)).toBe(1);
    expect((await listUsers(handle.db, principal, { deactivation: "reactivationRequested" })).rows).toEqual([]);
    expect(await reactivationRequestCount(handle.db, principal)).toBe(0);
  });

  it("another dealer's administrator cannot activate the user; theirs does, audited, the stamps clear and the user is told", async () => {
    const principal = await actorOf(handle.db, "principal@example.com");
    expect((await activateUser(handle.db, principal, away)).kind).toBe("missing");
    const admin = await actorOf(handle.db, "admin@example.com");
    expect((await activateUser(handle.db, admin, away)).kind).toBe("done");
    const [user] = await handle.db
      .select({
        status: identities.status,
        deactivatedAt: identities.deactivatedAt,
        reactivationRequestedAt: identities.reactivationRequestedAt,
      })
      .from(identities)
      .where(eq(identities.id, away));
    expect(user).toEqual({ status: "active", deactivatedAt: null, reactivationRequestedAt: null });
    const [told] = await mailsTo("inactive@example.com");
    expect(told.subject).toBe("Your Dealer Portal account is active again");
    expect(told.text).toContain(`${getConfig().PUBLIC_URL}/`);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, away), eq(auditLog.field, "status")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      entity: "identity",
      changedBy: admin.identityId,
      oldValue: "inactive",
      newValue: "active",
    });
    expect(await reactivationRequestCount(handle.db, admin)).toBe(0);
  });

  it("whichever path deactivates stamps the day; an activation without a request e-mails no one", async () => {
    const admin = await actorOf(handle.db, "admin@example.com");
    const dealer = await identityIdOf(handle.db, "dealer@example.com");
    expect((await deactivateUser(handle.db, admin, dealer, "leftCompany")).kind).toBe("done");
    const notice = await deactivationOf(handle.db, dealer);
    expect(notice?.forInactivity).toBe(false);
    expect(Math.abs(new Date(notice!.deactivatedAt!).getTime() - Date.now())).toBeLessThan(60_000);
    const before = await allMail();
    expect((await activateUser(handle.db, admin, dealer)).kind).toBe("done");
    expect(await allMail()).toBe(before);

    // The daily job names its own moment; a write straight to the table is stamped by the database.
    const now = new Date(Date.now() + 400 * DAY);
    await deactivateInactiveUsers(handle.db, now);
    expect((await deactivationOf(handle.db, dealer))?.deactivatedAt).toBe(now.toISOString());
    const auditor = await identityIdOf(handle.db, "auditor@example.com");
    await handle.db.update(identities).set({ status: "active" }).where(eq(identities.id, auditor));
    await handle.db.update(identities).set({ status: "inactive" }).where(eq(identities.id, auditor));
    expect((await deactivationOf(handle.db, auditor))?.deactivatedAt).not.toBeNull();
  });
});
