/**
 * `npm run bench:users` (issue #14 §2): server time of the users list's search at scale. On
 * PGlite and on PostgreSQL, in turn: the demo plus `seedScale` (100 000 users over 5 000
 * locations), then 200 varied searches, filters and sorts of the administrator who holds every
 * location, each one `listUsers` as the screen's loader calls it (count + page). Prints p50, p95
 * and max per database. A figure to track (target p95 ≤ 50 ms), never a test.
 */
import "~/assembly/portal.server";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { SCALE_ADMIN, seedScale } from "~/seed/seed-scale";
import { listUsers } from "~/users/users.server";
import { userListStateOf } from "~/users/list-options";
import { eq } from "drizzle-orm";
import { identities } from "~/db/schema";
import { createBenchDatabase } from "./postgres";
import { queryOf } from "./user-queries";
import { Cleanup } from "./processes";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";

const SEARCHES = 200;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(name: string, handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedDemo(handle.db);
  const seeding = performance.now();
  await seedScale(handle.db);
  const seeded = (performance.now() - seeding) / 1000;
  const [admin] = await handle.db
    .select({ id: identities.id })
    .from(identities)
    .where(eq(identities.email, SCALE_ADMIN.email));
  const profile = await loadAccessProfile(handle.db, admin.id);
  if (!profile) throw new Error("the demo administrator has no access profile");
  const actor = actorFrom(admin.id, profile);
  // Warm-up: plans and caches, as a running server has them.
  for (let n = 0; n < 20; n++) await listUsers(handle.db, actor, userListStateOf(new URLSearchParams(queryOf(n))));
  const times: number[] = [];
  let listed = 0;
  for (let n = 0; n < SEARCHES; n++) {
    const state = userListStateOf(new URLSearchParams(queryOf(n)));
    const started = performance.now();
    const page = await listUsers(handle.db, actor, state);
    times.push(performance.now() - started);
    listed += page.total;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} seed ${seeded.toFixed(1)} s · ${SEARCHES} searches: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (mean ${Math.round(listed / SEARCHES)} matches)`,
  );
}

const cleanup = new Cleanup();
try {
  const pglite = await openMemoryDatabase();
  try {
    await run("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  const postgres = await createBenchDatabase(cleanup);
  if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}`);
  else {
    const handle = await openDatabase({ databaseUrl: postgres.url, dataDir: "/nonexistent" });
    try {
      await run("PostgreSQL", handle);
    } finally {
      await handle.close();
    }
  }
} finally {
  await cleanup.run();
}
