/**
 * `npm run bench:audit` (issue #37 §5): server time of the audit views at 10 000 000 audit rows on
 * PostgreSQL. A fresh database on the local server: the demo, `seedScale` (1 000 000 users over
 * 5 000 locations) and `seedAuditScale` (the history over the last 800 days). Then, for the
 * administrator of every location and for one of three, 200 calls of the views as their loaders
 * make them (count + page: searches, date ranges, operations, "exclude last logins", every sort,
 * later pages), and the CSV of filtered ranges read to the end. Prints p50, p95 and max per
 * administrator, the slowest calls, and `EXPLAIN ANALYZE` of the slowest call's slowest
 * statement. Target: p95 ≤ 100 ms; figures to track, never a test.
 * BENCH_AUDIT_ROWS, BENCH_AUDIT_USERS, BENCH_AUDIT_CALLS change the sizes; BENCH_AUDIT_PGLITE=1
 * runs on PGlite instead; BENCH_AUDIT_DATABASE=<url> runs on that database, seeded once and kept
 * (for trying one change after another without seeding again).
 */
import "~/assembly/portal.server";
import { listAudit, everyAuditEntry } from "~/audit/audit-log.server";
import { auditQueryOf as auditViewQueryOf } from "~/audit/query";
import type { Actor } from "~/permissions/actor";
import { seedAuditScale } from "~/seed/seed-audit-scale";
import { seedDemo } from "~/seed/seed";
import { SCALE_ADMIN, SCOPED_ADMIN, seedScale } from "~/seed/seed-scale";
import { auditExportsOf, auditQueryOf } from "./audit-queries";
import { percentile } from "./percentile";
import { createBenchDatabase } from "./postgres";
import { Cleanup } from "./processes";
import {
  actorOf,
  recordedPglite,
  recordedPostgres,
  benchOn,
  slowestStatementOf,
  thousands,
  type RecordedDatabase,
} from "./recorded-database";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const USERS = Number(process.env.BENCH_AUDIT_USERS ?? 1_000_000);
const LOCATIONS = 5_000;
const DAYS = 800;
const CALLS = Number(process.env.BENCH_AUDIT_CALLS ?? 200);
const WARM_UP = 16;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

type Call = { view: "users" | "organizations"; query: string };

function page(database: RecordedDatabase, actor: Actor, call: Call) {
  return listAudit(database.handle.db, actor, call.view, auditViewQueryOf(new URLSearchParams(call.query)));
}

async function run(name: string, database: RecordedDatabase): Promise<void> {
  const { handle } = database;
  let started = performance.now();
  await handle.migrate();
  // On a kept database seeded by an earlier version: the time its new migrations took at this size.
  console.log(`${name}: migrations applied in ${seconds(started)} s`);
  await seedDemo(handle.db);
  started = performance.now();
  await seedScale(handle.db, { users: USERS, locations: LOCATIONS });
  const seededUsers = seconds(started);
  started = performance.now();
  await seedAuditScale(handle.db, { rows: ROWS, days: DAYS });
  console.log(
    `${name}, ${thousands(ROWS)} audit rows about ${thousands(USERS)} users at ${thousands(LOCATIONS)} locations (users seeded in ${seededUsers} s, history in ${seconds(started)} s)`,
  );
  const now = new Date();
  let slowest = { ms: 0, call: { view: "users", query: "" } as Call, who: "" };
  for (const [who, email] of [
    ["every location", SCALE_ADMIN.email],
    ["three locations", SCOPED_ADMIN.email],
  ] as const) {
    const actor = await actorOf(handle, email);
    for (let n = 0; n < WARM_UP; n++) await page(database, actor, auditQueryOf(n, now));
    const calls: { ms: number; call: Call }[] = [];
    let listed = 0;
    for (let n = 0; n < CALLS; n++) {
      const call = auditQueryOf(n, now);
      const callStarted = performance.now();
      const result = await page(database, actor, call);
      const ms = performance.now() - callStarted;
      calls.push({ ms, call });
      listed += result.total;
      if (ms > slowest.ms) slowest = { ms, call, who: email };
    }
    const times = calls.map((call) => call.ms).sort((a, b) => a - b);
    console.log(
      `  ${who.padEnd(16)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (mean ${thousands(Math.round(listed / CALLS))} entries counted)`,
    );
    const slow = calls.sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, CALLS / 20));
    console.log(
      `    slowest: ${slow.map(({ ms, call }) => `${ms.toFixed(0)} ms ${call.view} "${call.query}"`).join(", ")}`,
    );
    for (const exported of auditExportsOf(now)) {
      const exportStarted = performance.now();
      let rows = 0;
      const query = auditViewQueryOf(new URLSearchParams(exported.query));
      for await (const row of everyAuditEntry(handle.db, actor, exported.view, query)) if (row) rows++;
      console.log(
        `    CSV ${exported.view} "${exported.query}": ${thousands(rows)} rows in ${(performance.now() - exportStarted).toFixed(0)} ms`,
      );
    }
  }
  const actor = await actorOf(handle, slowest.who);
  const plan = await slowestStatementOf(database, () => page(database, actor, slowest.call));
  console.log(
    `  slowest: ${slowest.call.view} "${slowest.call.query}" for ${slowest.who}, ${slowest.ms.toFixed(1)} ms; EXPLAIN ANALYZE:`,
  );
  console.log(plan.replace(/^/gm, "    "));
}

const cleanup = new Cleanup();
try {
  if (process.env.BENCH_AUDIT_PGLITE === "1") {
    await benchOn(recordedPglite(), (database) => run("PGlite", database));
  } else if (process.env.BENCH_AUDIT_DATABASE) {
    await benchOn(recordedPostgres(process.env.BENCH_AUDIT_DATABASE), (database) => run("PostgreSQL (kept)", database));
  } else {
    const postgres = await createBenchDatabase(cleanup);
    if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}`);
    else {
      await benchOn(recordedPostgres(postgres.url), (database) => run("PostgreSQL", database));
    }
  }
} finally {
  await cleanup.run();
}
