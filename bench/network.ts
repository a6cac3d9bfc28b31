/**
 * `npm run bench:network` (issue #40 §1): the dealer network dashboard at the maker's scale — the
 * demo plus `seedScale` (5 000 locations over five brands and three regions, BENCH_NETWORK_LOCATIONS;
 * 1 000 000 users on PostgreSQL, BENCH_NETWORK_USERS). Times the `network-figures` job (the figures
 * and the directory's staffing, then the escalations) and what the page's loader reads for a
 * manager of every brand and region: the whole network, one brand in a region, a dealer's
 * locations, and the locations behind a figure; p50, p95 and max of 50 calls each; then the
 * receipts of a region-wide announcement that must be acknowledged (issue #40 §3) and its first
 * reminders. Target: the
 * page ≤ 1 s (its reads, p95) on PostgreSQL at a million users. Figures to track, never a test.
 * BENCH_PGLITE=1 runs PGlite too (100 000 users, BENCH_NETWORK_USERS_PGLITE);
 * BENCH_NETWORK_DATABASE=<url> runs on that PostgreSQL database, seeded once and kept (for trying
 * one change after another without seeding again).
 */
import "~/assembly/portal.server";
import { eq, sql } from "drizzle-orm";
import { seedDemo } from "~/seed/seed";
import { seedScale } from "~/seed/seed-scale";
import { networkDashboard, networkLocations } from "~/network/network.server";
import { refreshNetworkFigures } from "~/network/refresh.server";
import { escalateDirectoryGaps } from "~/network/escalations.server";
import type { NetworkLevel } from "~/network/rules";
import { announcements } from "~/db/schema";
import { rowsOf } from "~/db/sql-list";
import { DAY_MS } from "~/limits";
import { acknowledgementReceipts, acknowledgementSummaries } from "~/announcements/receipts.server";
import { remindToAcknowledge } from "~/announcements/acknowledgement-reminders.server";
import { createBenchDatabase } from "./postgres";
import { Cleanup } from "./processes";
import { benchOn, recordedPglite, recordedPostgres, thousands, type RecordedDatabase } from "./recorded-database";
import { percentile } from "./percentile";

const CALLS = 50;
const LOCATIONS = Number(process.env.BENCH_NETWORK_LOCATIONS ?? 5_000);
const SCOPE = { brandIds: [1, 2, 3, 4, 5], regionCodes: ["APAC", "EMEA", "NA"] };
const OPTIONS = { now: new Date(), periodDays: 90 };

async function timed(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  await call();
  const times: number[] = [];
  for (let n = 0; n < calls; n++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const figures = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`;

async function run(name: string, database: RecordedDatabase, users: number): Promise<void> {
  const { handle } = database;
  await handle.migrate();
  await seedDemo(handle.db);
  const seeding = performance.now();
  await seedScale(handle.db, { users, locations: LOCATIONS });
  console.log(
    `${name}, ${thousands(users)} users at ${thousands(LOCATIONS)} locations (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
  );
  // The scale locations stand alone; the maker's network has dealers of three locations each.
  await handle.db.execute(sql`
    with locs as (select id, (row_number() over (order by id) - 1)::int as n, brand_id, region_code
        from organizations where type = 'location' and parent_id is null and name like 'Scale Dealer %'),
      grouped as (select id, brand_id, region_code, (n % 15) + 15 * (n / 45) as g from locs),
      made as (insert into organizations (name, type, brand_id, region_code)
        select distinct on (g) 'Scale Dealer Group ' || lpad(g::text, 5, '0'), 'dealer', brand_id, region_code
        from grouped order by g returning id, name)
    update organizations o set parent_id = made.id
    from grouped join made on made.name = 'Scale Dealer Group ' || lpad(grouped.g::text, 5, '0')
    where o.id = grouped.id`);
  const job = await timed(3, async () => {
    await refreshNetworkFigures(handle.db);
    await escalateDirectoryGaps(handle.db, { publicUrl: "http://bench", escalationDays: 14 });
  });
  console.log(`  the network-figures job: ${figures(job)}`);
  // What autovacuum does within a minute on a live server: measured straight after the job's first
  // runs, the planner still took the tables for the demo's few rows, and the locations behind a
  // figure took 170–300 ms instead of about 20.
  await handle.db.execute(sql`analyze`);
  const [dealer] = rowsOf<{ dealer_id: number; brand_id: number; region_code: string }>(
    await handle.db.execute(sql`select dealer_id, brand_id, region_code from network_locations
      where dealer_id is not null order by location_id limit 1`),
  );
  const levels: [string, NetworkLevel][] = [
    ["the whole network", { kind: "network" }],
    ["one brand in a region", { kind: "brandRegion", brandId: 1, regionCode: "NA" }],
    [
      "one dealer's locations",
      { kind: "dealer", brandId: dealer.brand_id, regionCode: dealer.region_code, dealerId: dealer.dealer_id },
    ],
  ];
  for (const [label, level] of levels)
    console.log(
      `  ${label.padEnd(34)} ${figures(await timed(CALLS, () => networkDashboard(handle.db, SCOPE, level, OPTIONS)))}`,
    );
  const behind = await timed(CALLS, async () => {
    await networkDashboard(handle.db, SCOPE, { kind: "network" }, OPTIONS);
    await networkLocations(handle.db, SCOPE, { kind: "network" }, "neverSignedIn", { ...OPTIONS, limit: 50 });
  });
  console.log(`  ${"the locations behind a figure".padEnd(34)} ${figures(behind)}`);
  const csv = await timed(5, () => networkLocations(handle.db, SCOPE, { kind: "network" }, null, OPTIONS));
  console.log(`  ${"the CSV of every location".padEnd(34)} ${figures(csv)}`);

  // Issue #40 §3: a recall to everyone of brand 1 in North America, acknowledgement asked; the
  // receipts are counted live (ADR 48), for a manager of every brand and region.
  // A kept database holds the recall of an earlier run: it goes, with its receipts and reminders.
  await handle.db.delete(announcements).where(eq(announcements.title, "Bench recall"));
  const [recall] = await handle.db
    .insert(announcements)
    .values({
      title: "Bench recall",
      linkUrl: "https://bench.example/recall",
      startDate: new Date(Date.now() - DAY_MS),
      expirationDate: new Date(Date.now() + 30 * DAY_MS),
      brandIds: [1],
      regionCodes: ["NA"],
      requiresAcknowledgement: true,
    })
    .returning({ id: announcements.id });
  const viewer = { identityId: 0, counts: SCOPE, names: false };
  const list = await timed(5, () => acknowledgementSummaries(handle.db, viewer));
  console.log(`  ${"announcement receipts (the list)".padEnd(34)} ${figures(list)}`);
  const report = await timed(5, () => acknowledgementReceipts(handle.db, viewer, recall.id));
  console.log(`  ${"one announcement's receipts".padEnd(34)} ${figures(report)}`);
  const started = performance.now();
  const { reminders } = await remindToAcknowledge(
    handle.db,
    { publicUrl: "http://bench", reminderDays: 3 },
    new Date(Date.now() + 3 * DAY_MS),
  );
  console.log(
    `  the acknowledgement-reminders job: ${thousands(reminders)} reminders queued in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const cleanup = new Cleanup();
try {
  if (process.env.BENCH_PGLITE === "1")
    await benchOn(recordedPglite(), (database) =>
      run("PGlite", database, Number(process.env.BENCH_NETWORK_USERS_PGLITE ?? 100_000)),
    );
  if (process.env.BENCH_NETWORK_DATABASE)
    await benchOn(recordedPostgres(process.env.BENCH_NETWORK_DATABASE), (database) =>
      run("PostgreSQL (kept)", database, Number(process.env.BENCH_NETWORK_USERS ?? 1_000_000)),
    );
  else if (process.env.BENCH_POSTGRES !== "0") {
    const postgres = await createBenchDatabase(cleanup);
    if ("skipped" in postgres) console.log(`PostgreSQL skipped: ${postgres.skipped}`);
    else
      await benchOn(recordedPostgres(postgres.url), (database) =>
        run("PostgreSQL", database, Number(process.env.BENCH_NETWORK_USERS ?? 1_000_000)),
      );
  }
} finally {
  await cleanup.run();
}
