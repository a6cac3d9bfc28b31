/**
 * `npm run bench:users` (issues #14 §2, #37 §4): server time of the users list's search at scale.
 * On PGlite (100 000 users) and on PostgreSQL (1 000 000), each in turn: the demo plus `seedScale`
 * over 5 000 locations (the maker's network; BENCH_USERS_LOCATIONS), then, for the administrator
 * who holds every location and for one who holds three, 200 varied searches, filters and sorts (name, e-mail, job title and
 * location text; every sort; later pages), each one `listUsers` as the screen's loader calls it
 * (count + page). Prints p50, p95 and max per database and administrator, and `EXPLAIN ANALYZE`
 * of the slowest call's slowest statement. Targets: p95 ≤ 100 ms on PGlite at 100 000 and ≤ 50 ms
 * on PostgreSQL at 1 000 000; figures to track, never a test.
 * BENCH_USERS_PGLITE, BENCH_USERS_POSTGRES change the sizes; BENCH_PGLITE=0, BENCH_POSTGRES=0 skip one.
 */
import "~/assembly/portal.server";
import type { DatabaseHandle } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { SCALE_ADMIN, SCOPED_ADMIN, seedScale } from "~/seed/seed-scale";
import { userListStateOf } from "~/users/list-options";
import { listUsers } from "~/users/user-list.server";
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
import { queryOf } from "./user-queries";
import { percentile } from "./percentile";

const SEARCHES = 200;
/** The dealer network's size: the maker's 5 000 locations (issue #40), whatever the number of users. */
const LOCATIONS = Number(process.env.BENCH_USERS_LOCATIONS ?? 5_000);
const WARM_UP = 20;

async function run(name: string, database: RecordedDatabase, users: number): Promise<void> {
  const handle: DatabaseHandle = database.handle;
  await handle.migrate();
  await seedDemo(handle.db);
  const seeding = performance.now();
  await seedScale(handle.db, { users, locations: LOCATIONS });
  console.log(
    `${name}, ${thousands(users)} users at ${thousands(LOCATIONS)} locations (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
  );
  let slowest = { ms: 0, query: "", who: "" };
  for (const [who, email] of [
    ["every location", SCALE_ADMIN.email],
    ["three locations", SCOPED_ADMIN.email],
  ] as const) {
    const actor = await actorOf(handle, email);
    // Warm-up: plans and caches, as a running server has them.
    for (let n = 0; n < WARM_UP; n++)
      await listUsers(handle.db, actor, userListStateOf(new URLSearchParams(queryOf(n))));
    const calls: { ms: number; query: string }[] = [];
    let listed = 0;
    for (let n = 0; n < SEARCHES; n++) {
      const query = queryOf(n);
      const started = performance.now();
      const page = await listUsers(handle.db, actor, userListStateOf(new URLSearchParams(query)));
      const ms = performance.now() - started;
      calls.push({ ms, query });
      listed += page.total;
      if (ms > slowest.ms) slowest = { ms, query, who: email };
    }
    const times = calls.map((call) => call.ms).sort((a, b) => a - b);
    console.log(
      `  ${who.padEnd(16)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (mean ${thousands(Math.round(listed / SEARCHES))} matches)`,
    );
    // The slowest twentieth (the calls beyond the p95), for where to look next.
    const slow = calls.sort((a, b) => b.ms - a.ms).slice(0, SEARCHES / 20);
    console.log(`    slowest: ${slow.map((call) => `${call.ms.toFixed(0)} ms "${call.query}"`).join(", ")}`);
  }
  // The slowest call once more, its statements recorded; the slowest of them explained.
  const actor = await actorOf(handle, slowest.who);
  const plan = await slowestStatementOf(database, () =>
    listUsers(handle.db, actor, userListStateOf(new URLSearchParams(slowest.query))),
  );
  console.log(`  slowest: "${slowest.query}" for ${slowest.who}, ${slowest.ms.toFixed(1)} ms; EXPLAIN ANALYZE:`);
  console.log(plan.replace(/^/gm, "    "));
}

const cleanup = new Cleanup();
try {
  if (process.env.BENCH_PGLITE !== "0") {
    await benchOn(recordedPglite(), (database) =>
      run("PGlite", database, Number(process.env.BENCH_USERS_PGLITE ?? 100_000)),
    );
  }
  if (process.env.BENCH_POSTGRES !== "0") {
    const postgres = await createBenchDatabase(cleanup);
    if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}`);
    else {
      await benchOn(recordedPostgres(postgres.url), (database) =>
        run("PostgreSQL", database, Number(process.env.BENCH_USERS_POSTGRES ?? 1_000_000)),
      );
    }
  }
} finally {
  await cleanup.run();
}
