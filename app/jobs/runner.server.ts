import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "~/logger.server";
import { deliverQueuedMail, type MailTransport } from "~/mail/outbox.server";
import { deactivateInactiveUsers } from "~/users/lifecycle.server";
import { expireVerifications } from "~/users/verification.server";
import { deliverDuePushes, integrationSettings } from "~/integrations/pushes.server";
import { purgeExpired } from "./housekeeping.server";
import { remindDueSecurityReviews } from "~/attestation/reminders.server";
import { getConfig } from "~/config.server";
import { failInterruptedImports, runImportJob } from "~/imports/import-runs.server";
import { QUEUED_JOBS, setJobSender, type JobSender } from "./queue.server";
import { JOB_NAMES, SCHEDULES, type JobName } from "./schedules";

export { JOB_NAMES, SCHEDULES, type JobName };

/** pg-boss keeps its tables in a schema of its own, beside the portal's. */
export const JOBS_SCHEMA = "pgboss";

/** What each job does at a moment (tests pass their own clock); each answers its counts. */
export function jobWork(
  handle: DatabaseHandle,
  transport: MailTransport,
): Record<JobName, (now: Date) => Promise<Record<string, number>>> {
  return {
    housekeeping: (now) => purgeExpired(handle.db, now).then((counts) => ({ ...counts })),
    "auto-deactivation": (now) => deactivateInactiveUsers(handle.db, now),
    "verification-expiry": (now) => expireVerifications(handle.db, now),
    "mail-retry": (now) => deliverQueuedMail(handle.db, transport, now),
    "integration-push": (now) => deliverDuePushes(handle.db, integrationSettings(), now),
    "security-review-reminder": (now) => {
      const { PUBLIC_URL, ATTESTATION_PERIOD_DAYS } = getConfig();
      return remindDueSecurityReviews(handle.db, { publicUrl: PUBLIC_URL, periodDays: ATTESTATION_PERIOD_DAYS }, now);
    },
  };
}

/** Runs one job now and logs what it did (or why it failed): every run leaves a line. */
export async function runJob(
  name: JobName,
  work: ReturnType<typeof jobWork>,
  now = new Date(),
): Promise<Record<string, number>> {
  const started = Date.now();
  try {
    const counts = await work[name](now);
    logger.info({ job: name, ...counts, ms: Date.now() - started }, "job done");
    return counts;
  } catch (error) {
    logger.warn({ job: name, err: error instanceof Error ? error.message : String(error) }, "job failed");
    throw error;
  }
}

/** A pg-boss instance on the portal's database: PostgreSQL's pool or PGlite's one connection. */
export function jobBoss(handle: DatabaseHandle, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const boss = new PgBoss({
    ...options,
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // Completed jobs are kept a day, for a look at what ran; archive after that.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
  });
  boss.on("error", (error: Error) => logger.warn({ err: error.message }, "job runner error"));
  return boss;
}

/**
 * Starts the job runner of this instance: the queues and their schedules (created or updated, so
 * a changed cron holds after a deploy), and a worker per queue. A failed run is retried by pg-boss
 * with back-off; the next tick runs it anyway.
 */
export async function startJobRunner(handle: DatabaseHandle, transport: MailTransport): Promise<PgBoss> {
  const boss = jobBoss(handle);
  await boss.start();
  const work = jobWork(handle, transport);
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 60, retryBackoff: true });
    await boss.schedule(name, SCHEDULES[name]);
    await boss.work(name, { pollingIntervalSeconds: 10 }, async () => {
      await runJob(name, work);
    });
  }
  await startImportWorker(boss, handle);
  setJobSender(sendThrough(boss));
  return boss;
}

/** Sends a request's job through a started pg-boss. */
function sendThrough(boss: PgBoss): JobSender {
  return async (name, data) => {
    await boss.send(name, data);
  };
}

/**
 * The bulk-import queue: a job per "Import", never retried by pg-boss (a run whose server died
 * shows failed and its administrator runs it again); imports that were running when this
 * instance's server stopped are marked failed first.
 */
async function startImportWorker(boss: PgBoss, handle: DatabaseHandle): Promise<void> {
  const failed = await failInterruptedImports(handle);
  if (failed > 0) logger.warn({ failed }, "bulk imports interrupted by a stop marked failed");
  await boss.createQueue(QUEUED_JOBS.bulkImport, {
    name: QUEUED_JOBS.bulkImport,
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  });
  await boss.work<{ runId: number }>(QUEUED_JOBS.bulkImport, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const started = Date.now();
      const { imported } = await runImportJob(handle, job.data.runId, { publicUrl: getConfig().PUBLIC_URL });
      logger.info(
        { job: QUEUED_JOBS.bulkImport, runId: job.data.runId, imported, ms: Date.now() - started },
        "job done",
      );
    }
  });
}

/**
 * Where this instance does not run the jobs (a cluster's other web workers), a pg-boss that only
 * sends: no supervision, no schedules, no migrations (the runner's instance does those).
 */
export async function startJobSender(handle: DatabaseHandle): Promise<PgBoss> {
  const boss = jobBoss(handle, { supervise: false, schedule: false, migrate: false });
  await boss.start();
  setJobSender(sendThrough(boss));
  return boss;
}

/** `npm run jobs`: every job once, now, in order; the counts by job. */
export async function runEveryJobOnce(
  handle: DatabaseHandle,
  transport: MailTransport,
  now = new Date(),
): Promise<Record<JobName, Record<string, number>>> {
  const work = jobWork(handle, transport);
  const done = {} as Record<JobName, Record<string, number>>;
  for (const name of JOB_NAMES) done[name] = await runJob(name, work, now);
  return done;
}
