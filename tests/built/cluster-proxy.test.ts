/**
 * Issue #37 §1: two instances of the build on one PostgreSQL database behind nginx, as
 * `npm run cluster:local` starts them — sessions hold across the instances, each scheduled job runs
 * once per tick across both, and the set-up keeps serving when an instance dies.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { JOB_NAMES } from "../../app/jobs/schedules";
import { startLocalCluster, type ClusterInstance, type LocalCluster } from "../../scripts/cluster/local-cluster";
import { POSTGRES_URL, postgresReachable } from "../service/backends";
import { PortalClient } from "./portal";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

/** The address the proxy's operator lets read /metrics: only a request forwarded for it gets through. */
const METRICS_READER = "203.0.113.7";

interface JobRun {
  job: string;
  at: number;
}

/** The "job done" lines an instance logged (pino JSON, one object a line). */
function jobRunsOf(output: string): JobRun[] {
  const runs: JobRun[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{") || !line.includes('"job done"')) continue;
    const entry = JSON.parse(line) as { msg?: string; job?: string; time?: number };
    if (entry.msg === "job done" && entry.job && entry.time) runs.push({ job: entry.job, at: entry.time });
  }
  return runs;
}

/** Polls until every scheduled job shows a run that `accepts`; answers when each was first seen. */
async function untilEveryJobRan(
  instances: readonly ClusterInstance[],
  accepts: (run: JobRun) => boolean,
  deadline: number,
): Promise<Map<string, number>> {
  for (;;) {
    const seen = new Map<string, number>();
    for (const instance of instances)
      for (const run of jobRunsOf(instance.output()))
        if (accepts(run)) seen.set(run.job, Math.min(run.at, seen.get(run.job) ?? Infinity));
    if (JOB_NAMES.every((job) => seen.has(job)) || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.skipIf(!reachable)("issue #37: two instances behind nginx (npm run cluster:local)", () => {
  let cluster: LocalCluster;
  let database: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startLocalCluster({
      databaseName: `portal_proxy_${process.pid}`,
      env: { METRICS_ALLOWED_ADDRESSES: METRICS_READER },
    });
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "unused" });
  }, 240_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  });

  it("a sign-in through the proxy holds on every page, and both instances answer", async () => {
    const client = new PortalClient(cluster.origin, database.db);
    await client.signIn("dealer@example.com");
    const answeredBy = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const home = await client.send("/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Welcome");
      answeredBy.add(home.headers.get("x-upstream") ?? "");
    }
    expect([...answeredBy].sort()).toEqual(cluster.instances.map((i) => `127.0.0.1:${i.port}`).sort());
  });

  it("TRUST_PROXY: an instance takes the client's address from the proxy's X-Forwarded-For", async () => {
    const forwarded = await fetch(`${cluster.origin}/metrics`, { headers: { "X-Forwarded-For": METRICS_READER } });
    expect(forwarded.status).toBe(200);
    expect(await forwarded.text()).toContain("portal_http_requests_total");
    // The proxy's own address (the socket's) is not the reader's: no token, no entry.
    expect((await fetch(`${cluster.origin}/metrics`)).status).toBe(401);
  });

  it("each scheduled job runs once per tick across both instances", async () => {
    // Every schedule once a minute (as an operator's change to the schedule table would make it), so each runs within the test.
    await database.db.execute(sql`update pgboss.schedule set cron = '* * * * *'`);
    const seen = await untilEveryJobRan(cluster.instances, () => true, Date.now() + 150_000);
    expect([...seen.keys()].sort()).toEqual([...JOB_NAMES].sort());
    const runs = cluster.instances.flatMap((instance) => jobRunsOf(instance.output()));
    for (const job of JOB_NAMES) {
      const times = runs
        .filter((run) => run.job === job)
        .map((run) => run.at)
        .sort((a, b) => a - b);
      // Two runs of one tick would come seconds apart; ticks come a minute apart.
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1], job).toBeGreaterThan(30_000);
    }
  }, 200_000);

  it("one instance killed: every request is still answered, and the other takes the schedules over within one period", async () => {
    const client = new PortalClient(cluster.origin, database.db);
    await client.signIn("employee@example.com");
    const [killed, survivor] = cluster.instances;
    const statuses: number[] = [];
    let killing = true;
    const traffic = (async () => {
      while (killing || statuses.length < 40) {
        const home = await client.send("/");
        await home.arrayBuffer();
        statuses.push(home.status);
      }
    })();
    const killedAt = Date.now();
    await killed.stop("SIGKILL");
    killing = false;
    await traffic;
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The survivor runs every job at its next tick: within a minute, plus the runner's cron pass (30 s) and poll (10 s).
    const taken = await untilEveryJobRan([survivor], (run) => run.at > killedAt, killedAt + 110_000);
    expect([...taken.keys()].sort()).toEqual([...JOB_NAMES].sort());
    for (const [job, at] of taken) expect(at - killedAt, job).toBeLessThanOrEqual(100_000);
  }, 200_000);
});
