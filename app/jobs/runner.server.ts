import { PgBoss, type ConstructorOptions } from "pg-boss";
import { sql } from "drizzle-orm";
import { holdMigrationLock, type DatabaseHandle, type Transaction } from "~/db/client.server";
import { logger } from "~/logger.server";
import { countedJobRun } from "~/server-context/metrics.server";
import { setJobSender, type JobSender } from "./queue.server";
import { JOB_NAMES, SCHEDULES, type JobName } from "./schedules";
import { rowsOf } from "~/db/sql-list";

export { JOB_NAMES, SCHEDULES, type JobName };

/** pg-boss keeps its tables in a schema of its own, beside the portal's. */
export const JOBS_SCHEMA = "pgboss";

/**
 * The oldest schema of pg-boss's own that the installed pg-boss migrates forward: pg-boss 11's.
 * pg-boss 10 (which the portal ran before issue #32) left schema 24.
 */
export const OLDEST_MIGRATABLE_JOB_SCHEMA = 25;

/** Whether the jobs' schema found in the database is one pg-boss can no longer migrate. */
export function jobSchemaIsOutdated(installedVersion: number | null): boolean {
  return installedVersion !== null && installedVersion < OLDEST_MIGRATABLE_JOB_SCHEMA;
}

/**
 * Drops a jobs' schema too old for pg-boss to migrate, so that its start installs a current one.
 * What it held is transient: the schedules are written again at every start and completed jobs
 * are kept a day; the jobs still waiting are lost, and `whenReplaced` settles, in the same
 * transaction, what waited on them. Under the migrations' lock, so instances starting together
 * drop it once. Answers the version it replaced, or null.
 */
export async function replaceOutdatedJobSchema(
  handle: DatabaseHandle,
  whenReplaced: (transaction: Transaction) => Promise<void>,
): Promise<number | null> {
  return handle.db.transaction(async (transaction) => {
    await holdMigrationLock(transaction);
    const rows = async <Row>(query: ReturnType<typeof sql>) => rowsOf<Row>(await transaction.execute(query));
    const [{ installed }] = await rows<{ installed: boolean }>(
      sql`select to_regclass(${`${JOBS_SCHEMA}.version`}) is not null as "installed"`,
    );
    if (!installed) return null;
    const [row] = await rows<{ version: number }>(sql`select version from ${sql.identifier(JOBS_SCHEMA)}.version`);
    const version = row ? Number(row.version) : null;
    if (!jobSchemaIsOutdated(version)) return null;
    await transaction.execute(sql`drop schema ${sql.identifier(JOBS_SCHEMA)} cascade`);
    await whenReplaced(transaction);
    logger.warn({ version, oldestMigratable: OLDEST_MIGRATABLE_JOB_SCHEMA }, "outdated jobs schema replaced");
    return version;
  });
}

/** Completed jobs are kept a day, for a look at what ran. */
export const COMPLETED_JOBS_KEPT_SECONDS = 24 * 60 * 60;

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
export function jobBoss(handle: DatabaseHandle, options: ConstructorOptions = {}): PgBoss {
  const boss = new PgBoss({
    ...options,
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    backend: handle.kind === "pglite" ? "pglite" : "postgres",
    schema: JOBS_SCHEMA,
  });
  boss.on("error", (error: Error) => logger.warn({ err: error.message }, "job runner error"));
  // What pg-boss finds wrong with the queues or the database (a backlog, a slow query, clock skew).
  boss.on("warning", (warning) => logger.warn({ ...warning.data }, `job runner warning: ${warning.message}`));
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
  options: { schedules?: boolean } = {},
): Promise<PgBoss> {
  const boss = jobBoss(handle);
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, {
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      deleteAfterSeconds: COMPLETED_JOBS_KEPT_SECONDS,
    });
    // Without schedules (a test comparing the database before and after each request) a job runs
    // only when sent; the clock would otherwise write in the middle of the comparison.
    if (options.schedules !== false) await boss.schedule(name, SCHEDULES[name]);
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
