import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import PgBoss10 from "pg-boss-10";
import type { DatabaseHandle } from "~/db/client.server";
import { importRuns } from "~/db/schema";
import { startPortalJobs, upgradeJobSchema } from "~/assembly/jobs.server";
import { JOBS_SCHEMA, OLDEST_MIGRATABLE_JOB_SCHEMA } from "~/jobs/runner.server";
import { QUEUED_JOBS } from "~/jobs/queue.server";
import type { MailTransport } from "~/mail/outbox.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

const transport: MailTransport = { kind: "log", send: async () => undefined };

describe.each(BACKENDS)(
  "issue #32 §2 a database whose jobs ran on pg-boss 10 starts on the current pg-boss, on $name",
  (backend) => {
    let handle: DatabaseHandle;

    beforeAll(async () => {
      handle = await seededDatabase(backend);
    });
    afterAll(async () => handle?.close());

    const installedVersion = async () =>
      Number(
        ((await handle.executeSql(`select version from ${JOBS_SCHEMA}.version`)).rows[0] as { version: number })
          .version,
      );
    const runState = async (id: number) => (await handle.db.select().from(importRuns).where(eq(importRuns.id, id)))[0];

    it("the old jobs schema is replaced once, the imports that waited on its jobs end failed, and the runner starts", async () => {
      // What the portal left before the upgrade: pg-boss 10's schema with an import's job waiting in it.
      const old = new PgBoss10({
        db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
        schema: JOBS_SCHEMA,
        supervise: false,
        schedule: false,
      });
      await old.start();
      await old.createQueue(QUEUED_JOBS.bulkImport, { name: QUEUED_JOBS.bulkImport });
      const adminId = await identityIdOf(handle.db, "admin@example.com");
      const run = (state: "queued" | "done") => ({
        kind: "identities" as const,
        actorId: adminId,
        fileName: `${state}.csv`,
        fileType: "csv" as const,
        state,
        report: { rows: 1, create: 1, update: 0, unchanged: 0, problemCount: 0, problems: [] },
      });
      const [waiting] = await handle.db.insert(importRuns).values(run("queued")).returning();
      const [finished] = await handle.db.insert(importRuns).values(run("done")).returning();
      await old.send(QUEUED_JOBS.bulkImport, { runId: waiting.id });
      await old.stop({ graceful: false, wait: true });
      expect(await installedVersion()).toBeLessThan(OLDEST_MIGRATABLE_JOB_SCHEMA);

      expect(await upgradeJobSchema(handle)).toBe(24);
      // A second instance starting after it finds nothing to replace.
      expect(await upgradeJobSchema(handle)).toBeNull();
      expect(await runState(waiting.id)).toMatchObject({ state: "failed", error: "imports.errors.interrupted" });
      expect((await runState(finished.id)).state).toBe("done");

      const boss = await startPortalJobs(handle, transport);
      try {
        expect(await installedVersion()).toBeGreaterThanOrEqual(OLDEST_MIGRATABLE_JOB_SCHEMA);
        // The current schema, with a job waiting in it, is kept at the next start.
        await boss.send(QUEUED_JOBS.bulkImport, { runId: -1 }, { startAfter: 3600 });
        expect(await upgradeJobSchema(handle)).toBeNull();
        const waitingJobs = await handle.executeSql(
          `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 and state = 'created'`,
          [QUEUED_JOBS.bulkImport],
        );
        expect((waitingJobs.rows[0] as { n: number }).n).toBe(1);
      } finally {
        await boss.stop({ graceful: false });
      }
    }, 60_000);
  },
);
