/**
 * `npm run bench:load` (issue #37 §2): the scaled-out portal under load. `npm run cluster:local`'s
 * set-up (two instances of the build on a fresh PostgreSQL database, nginx in front) with the demo
 * and `seedScale` (100 000 users); virtual dealers and administrators sign in through the real
 * flow once, then autocannon drives the proxy with their mix of requests. Each endpoint has its own
 * autocannon instances (its latencies are its own), all running together; a connection is a virtual
 * user and sends at most one request a second (the short end of a 1–3 s think time: heavier than a
 * person). It finds the knee (the virtual users at which the pages' p95 passes 1 s), runs 200
 * virtual users for 60 s, then soaks at half the knee watching each instance's memory. Figures to
 * track, never a test; the bench fails only when something does not work at all.
 */
import "~/assembly/portal.server";
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { SCALE_ADMIN, seedScale } from "~/seed/seed-scale";
import { startLocalCluster, type ClusterInstance } from "../scripts/cluster/local-cluster";
import { signIn } from "./sign-in";
import { queryOf } from "./user-queries";
import { percentile } from "./percentile";
import { processMemoryKB } from "./processes";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCALE_USERS = env("BENCH_LOAD_USERS", 100_000);
const STEPS = (process.env.BENCH_LOAD_STEPS ?? "50,100,200,300,400,600,800").split(",").map(Number);
const STEP_SECONDS = env("BENCH_LOAD_STEP_SECONDS", 20);
const RUN_USERS = env("BENCH_LOAD_RUN_USERS", 200);
const RUN_SECONDS = env("BENCH_LOAD_SECONDS", 60);
const SOAK_SECONDS = env("BENCH_LOAD_SOAK_SECONDS", 600);
const DEALER_SESSIONS = env("BENCH_LOAD_SESSIONS", 200);
const ADMIN_SESSIONS = 20;
const KNEE_MS = 1_000;
const ARRIVAL_GROUPS = 10;

interface Endpoint {
  name: string;
  /** Share of the virtual users. */
  share: number;
  admin: boolean;
  page: boolean;
  request: (n: number) => { method: string; path: string; body?: string; contentType?: string; accept?: string };
}

let userIds: number[] = [];
const ENDPOINTS: Endpoint[] = [
  { name: "home", share: 0.25, admin: false, page: true, request: () => ({ method: "GET", path: "/" }) },
  {
    name: "announcements",
    share: 0.2,
    admin: false,
    page: false,
    request: () => ({ method: "GET", path: "/api/v2/user/notifications", accept: "application/json" }),
  },
  { name: "documents", share: 0.2, admin: false, page: true, request: () => ({ method: "GET", path: "/documents" }) },
  {
    name: "preference save",
    share: 0.15,
    admin: false,
    page: false,
    request: (n) => ({
      method: "POST",
      path: "/preferences/contact",
      body: `field=phoneMobile&value=${encodeURIComponent(`+1 555 ${String(n % 10_000_000).padStart(7, "0")}`)}`,
      contentType: "application/x-www-form-urlencoded",
    }),
  },
  {
    name: "users search",
    share: 0.08,
    admin: true,
    page: true,
    request: (n) => ({ method: "GET", path: `/admin/users?${queryOf(n)}` }),
  },
  {
    name: "user page",
    share: 0.04,
    admin: true,
    page: true,
    request: (n) => ({ method: "GET", path: `/admin/users/${userIds[n % userIds.length]}/view` }),
  },
  {
    name: "user save",
    share: 0.04,
    admin: true,
    page: false,
    request: (n) => ({
      method: "PATCH",
      path: `/api/v2/admin/users/${userIds[(n * 7) % userIds.length]}`,
      body: JSON.stringify({ jobTitle: `Load title ${n % 97}` }),
      contentType: "application/json",
    }),
  },
  {
    name: "audit",
    share: 0.04,
    admin: true,
    page: true,
    request: (n) => ({ method: "GET", path: `/admin/audit/users?page=${1 + (n % 3)}` }),
  },
];

interface EndpointFigures {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  times: number[];
}

/** Every endpoint's autocannon at once for `seconds`, with `users` virtual users split by share. */
async function drive(origin: string, users: number, seconds: number, sessions: { dealer: string[]; admin: string[] }) {
  let counter = 0;
  const runs = ENDPOINTS.map(async (endpoint) => {
    const connections = Math.max(1, Math.round(users * endpoint.share));
    const cookies = endpoint.admin ? sessions.admin : sessions.dealer;
    const times: number[] = [];
    let errors = 0;
    const statuses = new Map<number, number>();
    // autocannon paces each connection by a one-second timer started with its instance: the
    // endpoint's users are started in groups a tenth of a second apart, so their requests do not
    // all arrive at the same instant of every second.
    const groups = Math.min(connections, ARRIVAL_GROUPS);
    const instances = Array.from({ length: groups }, async (_, group) => {
      await new Promise((resolve) => setTimeout(resolve, (group * 1000) / groups));
      const instance = autocannon({
        url: origin,
        connections: Math.floor(connections / groups) + (group < connections % groups ? 1 : 0),
        duration: seconds,
        connectionRate: 1,
        timeout: 30,
        requests: [
          {
            setupRequest: (request, context) => {
              context.cookie ??= cookies[counter++ % cookies.length];
              const made = endpoint.request(counter++);
              const headers: Record<string, string> = {
                cookie: String(context.cookie),
                "accept-language": "en",
                "accept-encoding": "gzip",
                accept: made.accept ?? (made.method === "GET" ? "text/html" : "application/json"),
              };
              if (made.method !== "GET") headers.origin = origin;
              if (made.contentType) headers["content-type"] = made.contentType;
              // The request as autocannon made it (its Host), with this user's method, path, headers and body.
              return { ...request, method: made.method, path: made.path, headers, body: made.body };
            },
          },
        ],
      });
      instance.on("response", (_client, status, _bytes, ms) => {
        times.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 400) errors += 1;
      });
      const result = await instance;
      errors += result.errors + result.timeouts;
    });
    await Promise.all(instances);
    if (process.env.BENCH_VERBOSE) console.error(endpoint.name, Object.fromEntries(statuses));
    times.sort((a, b) => a - b);
    return {
      name: endpoint.name,
      requests: times.length,
      errors,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      times,
    } satisfies EndpointFigures;
  });
  const figures = await Promise.all(runs);
  const pageTimes = figures
    .filter((f) => ENDPOINTS.find((e) => e.name === f.name)!.page)
    .flatMap((f) => f.times)
    .sort((a, b) => a - b);
  return {
    figures,
    pageP95: percentile(pageTimes, 95),
    requestsPerSecond: figures.reduce((sum, f) => sum + f.requests, 0) / seconds,
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  };
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function instanceFigures(instances: readonly ClusterInstance[], before: number[], seconds: number) {
  return instances.map((instance, i) => {
    const pid = instance.child()!.pid!;
    return {
      name: instance.name,
      cpuPercent: ((cpuSeconds(pid) - before[i]) / seconds) * 100,
      peakMiB: (processMemoryKB(pid, "VmHWM") ?? NaN) / 1024,
    };
  });
}

function printRun(label: string, run: Awaited<ReturnType<typeof drive>>) {
  console.log(
    `\n${label}: ${run.requestsPerSecond.toFixed(0)} requests/s, ${run.errors} errors, pages p95 ${run.pageP95.toFixed(0)} ms`,
  );
  console.log(
    `  ${"endpoint".padEnd(16)} ${"requests".padStart(8)} ${"errors".padStart(6)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"p99".padStart(7)}`,
  );
  for (const f of run.figures)
    console.log(
      `  ${f.name.padEnd(16)} ${String(f.requests).padStart(8)} ${String(f.errors).padStart(6)} ${f.p50.toFixed(0).padStart(5)} ms ${f.p95.toFixed(0).padStart(4)} ms ${f.p99.toFixed(0).padStart(4)} ms`,
    );
}

async function signInMany(origin: string, email: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 4)
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, () => signIn(origin, email)))));
  return cookies;
}

const cluster = await startLocalCluster({
  databaseName: `bench_load_${process.pid}`,
  env: {
    LOG_LEVEL: "warn",
    // One address (this machine) signs in and calls for every virtual user.
    SIGNIN_RATE_LIMIT_PER_MINUTE: "1000000",
    API_RATE_LIMIT_PER_MINUTE: "1000000",
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "1000000",
  },
});
let database: DatabaseHandle | undefined;
process.once("SIGINT", () => void cluster.stop().then(() => process.exit(130)));
try {
  console.error(`… seeding ${SCALE_USERS} users`);
  database = await openDatabase({ databaseUrl: cluster.databaseUrl, dataDir: "/nonexistent" });
  await seedScale(database.db, { users: SCALE_USERS, locations: Math.max(1, Math.round(SCALE_USERS / 20)) });
  const ids = (await database.db.execute(
    sql`select id from identities where email like 'user%@scale.example.com' order by id limit 5000`,
  )) as unknown as { rows: { id: number }[] };
  userIds = ids.rows.map((row) => row.id);

  console.error(`… signing in ${DEALER_SESSIONS} dealers and ${ADMIN_SESSIONS} administrators through the real flow`);
  const sessions = {
    dealer: await signInMany(cluster.origin, "dealer@example.com", DEALER_SESSIONS),
    admin: await signInMany(cluster.origin, SCALE_ADMIN.email, ADMIN_SESSIONS),
  };
  // Warm-up: plans, caches, connections.
  await drive(cluster.origin, 20, 5, sessions);

  console.log(`Load on ${cluster.instances.length} instances behind nginx, PostgreSQL, ${SCALE_USERS} users`);
  let knee: number | undefined;
  for (const users of STEPS) {
    const run = await drive(cluster.origin, users, STEP_SECONDS, sessions);
    console.log(
      `  ${String(users).padStart(4)} virtual users: ${run.requestsPerSecond.toFixed(0).padStart(4)} requests/s, pages p95 ${run.pageP95.toFixed(0).padStart(5)} ms, ${run.errors} errors`,
    );
    if (run.pageP95 > KNEE_MS) {
      knee = users;
      break;
    }
  }
  console.log(
    knee ? `knee: ${knee} virtual users (pages p95 > ${KNEE_MS} ms)` : `knee: beyond ${STEPS.at(-1)} virtual users`,
  );

  const pids = cluster.instances.map((instance) => instance.child()!.pid!);
  const cpuBefore = pids.map(cpuSeconds);
  const run = await drive(cluster.origin, RUN_USERS, RUN_SECONDS, sessions);
  printRun(`${RUN_USERS} virtual users for ${RUN_SECONDS} s (goal: 0 errors, pages p95 ≤ 250 ms)`, run);
  for (const figure of instanceFigures(cluster.instances, cpuBefore, RUN_SECONDS))
    console.log(
      `  ${figure.name}: CPU ${figure.cpuPercent.toFixed(0)} %, peak memory ${figure.peakMiB.toFixed(0)} MiB`,
    );

  if (SOAK_SECONDS > 0) {
    const soakUsers = Math.max(10, Math.round((knee ?? STEPS.at(-1)!) / 2));
    console.error(`… soaking at ${soakUsers} virtual users for ${SOAK_SECONDS} s`);
    const samples: number[][] = pids.map(() => []);
    const sampler = setInterval(
      () => pids.forEach((pid, i) => samples[i].push(processMemoryKB(pid, "VmRSS") ?? NaN)),
      5_000,
    );
    const soak = await drive(cluster.origin, soakUsers, SOAK_SECONDS, sessions);
    clearInterval(sampler);
    printRun(`soak: ${soakUsers} virtual users for ${SOAK_SECONDS} s`, soak);
    for (const [i, series] of samples.entries()) {
      // After warm-up (the first fifth), the mean of the first and of the last minute's samples.
      const settled = series.slice(Math.floor(series.length / 5));
      const first = settled.slice(0, 12);
      const last = settled.slice(-12);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const growth = ((mean(last) - mean(first)) / mean(first)) * 100;
      console.log(
        `  ${cluster.instances[i].name}: memory ${(mean(first) / 1024).toFixed(0)} → ${(mean(last) / 1024).toFixed(0)} MiB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %, goal ≤ 10 %)`,
      );
    }
  }
} finally {
  await database?.close();
  await cluster.stop();
}
