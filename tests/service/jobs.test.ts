import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, identities, roleAssignments, securityRoles, sessions, verificationTokens } from "~/db/schema";
import { getManagedUser } from "~/users/users.server";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { queueVerification } from "~/users/verification.server";
import { runEveryJobOnce } from "~/assembly/jobs.server";
import { JOBS_SCHEMA, jobBoss } from "~/jobs/runner.server";
import type { MailTransport } from "~/mail/outbox.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

const DAY = 86_400_000;
const sent: number[] = [];
const transport: MailTransport = { kind: "log", send: async (mail) => void sent.push(mail.id) };

/** Polls a condition (the runner works on its own schedule); fails after 20 s. */
const until = (condition: () => Promise<boolean>) => vi.waitUntil(condition, { timeout: 20_000, interval: 100 });

describe.each(BACKENDS)("issue #15 §1–2 jobs on $name", (backend) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("a scheduled job runs once per tick with two runners on one database", async () => {
    const runners: PgBoss[] = [];
    const handled: string[] = [];
    const started = Date.now();
    // The ticks pg-boss's timekeepers sent (one per cron minute at most) and the jobs they became.
    const counts = async () =>
      (
        await handle.executeSql(
          `select (select count(*)::int from ${JOBS_SCHEMA}.job
                     where name = '__pgboss__send-it' and data->>'name' = 'tick') as "sent",
                  (select count(*)::int from ${JOBS_SCHEMA}.job where name = 'tick') as "jobs"`,
        )
      ).rows[0] as { sent: number; jobs: number };
    const cronCheckedAt = async () =>
      new Date(
        ((await handle.executeSql(`select cron_on from ${JOBS_SCHEMA}.version`)).rows[0] as { cron_on: Date }).cron_on,
      ).getTime();
    try {
      for (const runner of ["a", "b"]) {
        const boss = jobBoss(handle, { cronMonitorIntervalSeconds: 1 });
        await boss.start();
        await boss.createQueue("tick");
        await boss.schedule("tick", "* * * * *");
        await boss.work("tick", { pollingIntervalSeconds: 0.5 }, async () => {
          handled.push(runner);
        });
        runners.push(boss);
      }
      // Both timekeepers check the schedule every second; the tick is due the whole minute.
      await until(async () => handled.length > 0);
      const firstHandled = Date.now();
      await until(async () => (await cronCheckedAt()) > firstHandled + 2_000);
      // Every tick sent has become a job and been handled.
      await until(async () => {
        const { sent, jobs } = await counts();
        return sent === jobs && handled.length === jobs;
      });
      const minutesSpanned = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
      const { jobs } = await counts();
      expect(jobs).toBeGreaterThan(0);
      // Two runners checking every second would send about twice a minute without the database's guard.
      expect(jobs).toBeLessThanOrEqual(minutesSpanned);
      expect(handled).toHaveLength(jobs);
    } finally {
      for (const boss of runners) await boss.stop({ graceful: false });
    }
  }, 60_000);

  it("SPEC §4 auto-deactivation: users not signed in for more than 180 days become inactive, their sessions end, audited as the system", async () => {
    const now = new Date();
    const stale = await identityIdOf(handle.db, "dealer@example.com");
    const recent = await identityIdOf(handle.db, "employee@example.com");
    await handle.db
      .update(identities)
      .set({ lastLoginAt: new Date(now.getTime() - 181 * DAY) })
      .where(eq(identities.id, stale));
    await handle.db
      .update(identities)
      .set({ lastLoginAt: new Date(now.getTime() - 179 * DAY) })
      .where(eq(identities.id, recent));
    await handle.db
      .insert(sessions)
      .values({ id: "stale-session", identityId: stale, data: {}, expiresAt: new Date(now.getTime() + DAY) });
    // Never signed in: counted from the creation.
    const [never] = await handle.db
      .insert(identities)
      .values({
        email: "never@example.com",
        firstName: "Nev",
        lastName: "Er",
        userType: "external",
        serialNumber: "SN-NEVER",
        createdAt: new Date(now.getTime() - 200 * DAY),
      })
      .returning({ id: identities.id });

    const done = await runEveryJobOnce(handle, transport, now);
    expect(done["auto-deactivation"].deactivated).toBeGreaterThanOrEqual(2);
    const status = async (id: number) => (await handle.db.select().from(identities).where(eq(identities.id, id)))[0];
    expect(await status(stale)).toMatchObject({ status: "inactive", deactivationReason: "inactivity" });
    expect(await status(never.id)).toMatchObject({ status: "inactive", deactivationReason: "inactivity" });
    expect((await status(recent)).status).toBe("active");
    expect(await handle.db.select().from(sessions).where(eq(sessions.identityId, stale))).toEqual([]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, stale), eq(auditLog.field, "deactivationReason"), isNull(auditLog.changedBy)));
    expect(audit.map((a) => a.newValue)).toEqual(["inactivity"]);
    // A second run has nothing left to do.
    expect((await runEveryJobOnce(handle, transport, now))["auto-deactivation"]).toEqual({ deactivated: 0 });
  });

  it("issue #15 §2 a verification link unused for 72 hours shows verification expired until a new one is sent", async () => {
    const now = new Date();
    const adminId = await identityIdOf(handle.db, "admin@example.com");
    const admin = await actorOfId(handle.db, adminId);
    const [user] = await handle.db
      .insert(identities)
      .values({
        email: "late@example.com",
        firstName: "Lee",
        lastName: "Late",
        userType: "external",
        serialNumber: "SN-LATE",
      })
      .returning();
    const [location] = await locationIdsOf(handle.db, adminId);
    await handle.db.insert(roleAssignments).values({
      identityId: user.id,
      securityRoleId: (await handle.db.select().from(securityRoles).where(eq(securityRoles.name, "DEALER_STAFF")))[0]
        .id,
      organizationId: location,
      isPreferred: true,
    });
    await handle.db.transaction((tx) =>
      queueVerification(tx, user, "https://portal.example.com", new Date(now.getTime() - 73 * 3_600_000)),
    );
    const status = async () => (await getManagedUser(handle.db, admin, user.id))!.status;
    expect(await status()).toBe("awaitingVerification");

    expect((await runEveryJobOnce(handle, transport, now))["verification-expiry"]).toEqual({ expired: 1 });
    expect(await status()).toBe("verificationExpired");
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.field, "status"), isNull(auditLog.changedBy)));
    expect(audit.map((a) => a.newValue)).toEqual(["verificationExpired"]);
    expect((await runEveryJobOnce(handle, transport, now))["verification-expiry"]).toEqual({ expired: 0 });

    // A new link: awaiting again, and the next run leaves the user alone.
    await handle.db.transaction((tx) => queueVerification(tx, user, "https://portal.example.com", now));
    expect(await status()).toBe("awaitingVerification");
    expect((await runEveryJobOnce(handle, transport, now))["verification-expiry"]).toEqual({ expired: 0 });
    expect(
      await handle.db.select().from(verificationTokens).where(eq(verificationTokens.identityId, user.id)),
    ).toHaveLength(1);
  });
});
