/**
 * Production on PostgreSQL uses every core: WEB_CONCURRENCY web workers (node:cluster) share the
 * port; the primary prepares the database and the identity provider's keys once, before any
 * worker starts, and only the first worker runs the jobs.
 */
import cluster from "node:cluster";
import type { Config } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { signingKeys } from "~/auth/identity-provider.server";
import { logger } from "~/logger.server";
import { prepareDatabase } from "./start-server";

const WORKER_INDEX = "PORTAL_WORKER_INDEX";

/** How many web processes the configuration asks for and allows: PGlite belongs to one process. */
export function webWorkerCount(config: Pick<Config, "WEB_CONCURRENCY" | "DATABASE_URL">): number {
  return config.DATABASE_URL ? config.WEB_CONCURRENCY : 1;
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** This worker's place: the first one runs the jobs. */
export function workerRunsJobs(): boolean {
  return process.env[WORKER_INDEX] === "0";
}

/** The primary: prepares once, starts the workers, replaces one that dies, stops them all on a signal. */
export async function runPrimary(config: Config, workers: number): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
  if (config.embeddedIdp) signingKeys(config.DATA_DIR);

  let stopping = false;
  const indexOf = new Map<number, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX]: String(index) });
    indexOf.set(worker.id, index);
  };
  for (let index = 0; index < workers; index++) fork(index);
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 0;
    indexOf.delete(worker.id);
    if (stopping) return;
    logger.warn({ index, code, signal }, "a web worker ended; starting another");
    fork(index);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    let left = Object.keys(cluster.workers ?? {}).length;
    if (left === 0) process.exit(0);
    cluster.on("exit", () => {
      left--;
      if (left <= 0) process.exit(0);
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
