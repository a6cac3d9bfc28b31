import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "~/logger.server";
import { countedJobRun } from "~/server-context/metrics.server";
import { setJobSender, type JobSender } from "./queue.server";
import { JOB_NAMES, SCHEDULES, type JobName } from "./schedules";

export { JOB_NAMES, SCHEDULES, type JobName };

/** pg-boss keeps its tables in a schema of its own, beside the portal's. */
export const JOBS_SCHEMA = "pgboss";

/** What each scheduled job does at a moment (tests pass their own clock); each answers its counts. */
export type JobWork = Record<JobName, (now: Date) => Promise<Record<string, number>>>;

/** A queue of jobs a request asks for, with its worker, started beside the schedules. */
export type QueueWorker = (boss: PgBoss) => Promise<void>;

/** Runs one job now and logs what it did (or why it failed): every run leaves a line. */
export async function runJob(name: JobName, work: JobWork, now = new Date()): Promise<Record<string, number>> {
  const started = Date.now();
  try {
    const counts = await countedJobRun(name, () => work[name](now));
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
export async function startJobRunner(
  handle: DatabaseHandle,
  work: JobWork,
  queues: readonly QueueWorker[],
): Promise<PgBoss> {
  const boss = jobBoss(handle);
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 60, retryBackoff: true });
    await boss.schedule(name, SCHEDULES[name]);
    await boss.work(name, { pollingIntervalSeconds: 10 }, async () => {
      await runJob(name, work);
    });
  }
  for (const startQueue of queues) await startQueue(boss);
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
 * Where this instance does not run the jobs (a cluster's other web workers), a pg-boss that only
 * sends: no supervision, no schedules, no migrations (the runner's instance does those).
 */
export async function startJobSender(handle: DatabaseHandle): Promise<PgBoss> {
  const boss = jobBoss(handle, { supervise: false, schedule: false, migrate: false });
  await boss.start();
  setJobSender(sendThrough(boss));
  return boss;
}

/** Every scheduled job once, now, in order; the counts by job. */
export async function runJobsOnce(work: JobWork, now = new Date()): Promise<Record<JobName, Record<string, number>>> {
  const done = {} as Record<JobName, Record<string, number>>;
  for (const name of JOB_NAMES) done[name] = await runJob(name, work, now);
  return done;
}
