/**
 * `npm run bench:import` (issue #17 §3): time and memory of the identity bulk import at scale.
 * On PGlite (10 000 rows) and on PostgreSQL (10 000, then 100 000 rows), each on a fresh demo
 * database: a CSV of new users at the administrator's locations is dry-run and then applied (one
 * transaction, as the import job does), then the same file is dry-run again (every row unchanged).
 * Prints seconds per step and the process's resident memory before and at its peak. A figure to
 * track (targets: dry run + import ≤ 20 s on PGlite and ≤ 10 s on PostgreSQL for 10 000 rows,
 * ≤ 120 s for 100 000 on PostgreSQL), never a test.
 */
import "~/assembly/portal.server";
import { eq } from "drizzle-orm";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "~/db/client.server";
import { identities, securityRoles } from "~/db/schema";
import { IDENTITY_COLUMNS } from "~/imports/columns";
import { applyIdentityImport, dryRunIdentityImport } from "~/imports/identity-import.server";
import { seedDemo } from "~/seed/seed";
import { editorChoices } from "~/users/editor-choices.server";
import { createBenchDatabase } from "./postgres";
import { Cleanup } from "./processes";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";

const ADMIN = "admin@example.com";

/** A CSV of `count` new users, spread over the administrator's locations, with one role each. */
function csvOf(count: number, locationIds: number[], role: string): Uint8Array {
  const lines = [IDENTITY_COLUMNS.join(",")];
  for (let n = 0; n < count; n++) {
    const cells: Record<(typeof IDENTITY_COLUMNS)[number], string> = {
      email: `bench.import.${n}@scale.example`,
      firstName: `Bench${n}`,
      lastName: `Importer ${n % 977}`,
      jobTitle: n % 3 === 0 ? "Parts advisor" : "",
      phoneMobile: `+1 555 ${String(n).padStart(7, "0")}`,
      phoneSecondary: "",
      preferredLanguage: ["en", "de", "fr", "es"][n % 4],
      userType: "external",
      role: "regular",
      locationIds: String(locationIds[n % locationIds.length]),
      securityRoles: role,
    };
    lines.push(IDENTITY_COLUMNS.map((column) => cells[column]).join(","));
  }
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

/** Samples the resident memory while `run` goes, answering its result, its seconds and the peak MiB. */
async function measured<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const value = await run();
    return { value, seconds: (performance.now() - started) / 1000, peakMiB: peak / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

async function run(name: string, open: () => Promise<DatabaseHandle>, count: number): Promise<void> {
  const handle = await open();
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    const [admin] = await handle.db.select({ id: identities.id }).from(identities).where(eq(identities.email, ADMIN));
    const profile = await loadAccessProfile(handle.db, admin.id);
    if (!profile) throw new Error("the demo administrator has no access profile");
    const actor = actorFrom(admin.id, profile);
    const choices = await editorChoices(handle.db, actor);
    const [role] = await handle.db
      .select({ name: securityRoles.name })
      .from(securityRoles)
      .where(eq(securityRoles.id, choices.roles[0].id));
    const file = csvOf(
      count,
      choices.locations.map((location) => location.id),
      role.name,
    );
    const before = process.memoryUsage().rss / 2 ** 20;
    const dry = await measured(() => dryRunIdentityImport(handle.db, actor, "csv", file));
    if (dry.value.kind !== "report" || dry.value.report.problems.length > 0 || dry.value.report.create !== count)
      throw new Error(
        `${name}: the dry run did not find ${count} users to create: ${JSON.stringify(dry.value).slice(0, 400)}`,
      );
    const rows = dry.value.valid;
    const applied = await measured(() =>
      applyIdentityImport(handle.db, actor, rows, { publicUrl: "http://localhost:3000" }),
    );
    if (applied.value.created.length !== count) throw new Error(`${name}: the import did not create ${count} users`);
    const again = await measured(() => dryRunIdentityImport(handle.db, actor, "csv", file));
    if (again.value.kind !== "report" || again.value.report.unchanged !== count)
      throw new Error(`${name}: a re-run of the same file would change users`);
    const peak = Math.max(dry.peakMiB, applied.peakMiB, again.peakMiB);
    console.log(
      `${name.padEnd(10)} ${String(count).padStart(7)} rows (${(file.length / 2 ** 20).toFixed(1)} MiB CSV): ` +
        `dry run ${dry.seconds.toFixed(1)} s + import ${applied.seconds.toFixed(1)} s = ` +
        `${(dry.seconds + applied.seconds).toFixed(1)} s · re-run dry run ${again.seconds.toFixed(1)} s (all unchanged) · ` +
        `memory ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`,
    );
  } finally {
    await handle.close();
  }
}

const cleanup = new Cleanup();
try {
  await run("PGlite", openMemoryDatabase, 10_000);
  for (const count of [10_000, 100_000]) {
    const postgres = await createBenchDatabase(cleanup);
    if ("skipped" in postgres) {
      console.log(`PostgreSQL skipped: ${postgres.skipped}`);
      break;
    }
    await run("PostgreSQL", () => openDatabase({ databaseUrl: postgres.url, dataDir: "/nonexistent" }), count);
    await postgres.drop();
  }
} finally {
  await cleanup.run();
}
