/**
 * Page-speed benchmark (issue #12): requests/s of the signed-in home page and of /access-denied
 * against a floor app (the smallest Remix page with the portal's libraries), on PGlite and on
 * PostgreSQL, with autocannon as the external load generator; page weight and peak memory.
 *
 * Run from the repository root after `npm run build`:  npm run bench   (BENCH_SECONDS=3: shorter)
 * See bench/README.md. Every server runs in a child process, loopback only; all are stopped, the
 * temp folders removed and the bench database dropped at the end, also on an error or Ctrl-C.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createBenchDatabase } from "./postgres";
import {
  BenchError,
  buildFloorIfStale,
  Cleanup,
  killChildren,
  messageOf,
  ROOT,
  startFloor,
  startPortal,
  type ServerChild,
} from "./processes";
import { BASE_HEADERS, pathOf, signIn } from "./sign-in";
import { weigh, type Weight } from "./weight";

const SECONDS = positiveNumber("BENCH_SECONDS", 10);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 50, true);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const ROUNDS = 2;
const LOAD_HEADERS = { ...BASE_HEADERS, "Accept-Encoding": "gzip" };

const GOALS = {
  homeRatioPglite: 0.4,
  homeRatioPostgres: 0.5,
  accessDeniedRatio: 0.8,
  htmlGzKB: 8,
  jsGzKB: 110,
  /** Issue #32 §1: start to the first answered request on PGlite with an existing data folder. */
  startupSeconds: 2,
};

function positiveNumber(name: string, fallback: number, integer = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    console.error(`${name} must be a positive ${integer ? "integer" : "number"} (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Load.

type TargetKey = "floor" | "accessDenied" | "home";

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  headers: Record<string, string>;
  mustContain: string;
}

/** The autocannon run under way, stopped on Ctrl-C. */
let running: ReturnType<typeof autocannon> | undefined;

/** One autocannon run; requests/s over its actual duration. Any answer but 200 is a failure. */
async function load(target: Target, seconds: number): Promise<number> {
  const run = autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...LOAD_HEADERS, ...target.headers },
  });
  running = run;
  const result = await Promise.resolve(run).finally(() => (running = undefined));
  const others = Object.entries(result.statusCodeStats).filter(([code]) => code !== "200");
  if (result.non2xx > 0 || others.length > 0 || result.errors > 0 || result.timeouts > 0) {
    const answers = others.map(([code, { count }]) => `${count} × ${code}`);
    throw new BenchError(
      `${target.label}: GET ${pathOf(target.url)} under load answered ${answers.join(", ") || "only 200"}` +
        ` (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  return result.duration > 0 ? result.requests.total / result.duration : 0;
}

/** One plain request: 200 and the expected content (autocannon counts statuses, it does not read pages). */
async function probe(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: { ...BASE_HEADERS, ...target.headers }, redirect: "manual" });
  const body = await response.text();
  const location = response.headers.get("location");
  if (response.status !== 200)
    throw new BenchError(
      `${target.label}: GET ${pathOf(target.url)} answered ${response.status}${location ? ` → ${location}` : ""}`,
    );
  if (!body.includes(target.mustContain))
    throw new BenchError(`${target.label}: GET ${pathOf(target.url)} does not contain "${target.mustContain}"`);
}

// ---------------------------------------------------------------------------------------------
// One database: a fresh portal beside the floor, signed in, the three targets in turn.

type Database = "pglite" | "postgres";
const DATABASE_NAMES: Record<Database, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

interface Phase {
  rps: Record<TargetKey, number>;
  runs: Record<TargetKey, number[]>;
  homeRatio: number;
  accessDeniedRatio: number;
  portalPeakRssKB?: number;
  /** From start to the first ready answer on a data folder that is already there (migrated, seeded). */
  startupMs: number;
  weight?: { home: Weight; floor: Weight };
}

async function measure(
  cleanup: Cleanup,
  floor: ServerChild,
  database: Database,
  options: { databaseUrl?: string; weigh: boolean },
): Promise<Phase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-bench-"));
  const removeDataDir = cleanup.add(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  progress(`${DATABASE_NAMES[database]}: starting the portal with the demo data`);
  const portal = await startPortal(cleanup, {
    name: `portal on ${DATABASE_NAMES[database]}`,
    dataDir,
    databaseUrl: options.databaseUrl,
  });
  const cookie = await signIn(portal.origin);

  const targets: Target[] = [
    { key: "floor", label: "floor", url: `${floor.origin}/`, headers: {}, mustContain: "Floor page" },
    {
      key: "accessDenied",
      label: "access-denied",
      url: `${portal.origin}/access-denied`,
      headers: {},
      mustContain: "</html>",
    },
    { key: "home", label: "home", url: `${portal.origin}/`, headers: { Cookie: cookie }, mustContain: "Welcome" },
  ];

  const weight = options.weigh
    ? {
        home: await weigh(`${portal.origin}/`, { Cookie: cookie }, "Welcome"),
        floor: await weigh(`${floor.origin}/`, {}, "Floor page"),
      }
    : undefined;

  progress(`${DATABASE_NAMES[database]}: ${WARMUP_SECONDS} s warm-up per target, then ${ROUNDS} rounds`);
  for (const target of targets) {
    await probe(target);
    await load(target, WARMUP_SECONDS);
  }
  const runs: Record<TargetKey, number[]> = { floor: [], accessDenied: [], home: [] };
  // Alternating targets, so machine noise (another program, CPU clock) hits all of them alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      const perSecond = await load(target, SECONDS);
      // A warm-up may end before its first answer (a cold, busy machine); a measured run may not.
      if (perSecond === 0) throw new BenchError(`${target.label}: not one answer in ${SECONDS} s`);
      runs[target.key].push(perSecond);
      await probe(target); // still 200 with its content after the load (the session too)
    }
  }

  // Read before stopping: the figure goes with the process.
  const portalPeakRssKB = portal.peakRssKB();
  await portal.stop();
  // Issue #32 §1: the start-up an operator sees on a restart, its data folder already there.
  progress(`${DATABASE_NAMES[database]}: restarting the portal on its data to time the start-up`);
  const restarted = await startPortal(cleanup, {
    name: `restarted portal on ${DATABASE_NAMES[database]}`,
    dataDir,
    databaseUrl: options.databaseUrl,
  });
  const startupMs = restarted.readyAfterMs;
  await restarted.stop();
  await removeDataDir();

  const rps = { floor: mean(runs.floor), accessDenied: mean(runs.accessDenied), home: mean(runs.home) };
  return {
    rps,
    runs,
    homeRatio: rps.home / rps.floor,
    accessDeniedRatio: rps.accessDenied / rps.floor,
    portalPeakRssKB,
    startupMs,
    weight,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function progress(line: string): void {
  console.error(`… ${line}`);
}

// ---------------------------------------------------------------------------------------------
// Report.

const kb = (bytes: number) => bytes / 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const mb = (kilobytes: number | undefined) => (kilobytes === undefined ? undefined : kilobytes / 1024);
const fmtMB = (kilobytes: number | undefined) => (kilobytes === undefined ? "n/a" : `${mb(kilobytes)!.toFixed(0)} MB`);
const verdict = (met: boolean) => (met ? "met" : "missed");

/** Columns: label left-aligned, figures right-aligned, the goal (last) left-aligned. */
function printTable(rows: string[][]): void {
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(...rows.map((row) => (row[c] ?? "").length)));
  for (const row of rows) {
    const cells = row.map((cell, c) =>
      c === 0 || c === columns - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]),
    );
    console.log(cells.join("   ").trimEnd());
  }
}

function report(
  phases: Partial<Record<Database, Phase>>,
  postgresSkipped: string | undefined,
  floorPeakRssKB: number | undefined,
  weight: { home: Weight; floor: Weight },
): void {
  const measured = (Object.keys(DATABASE_NAMES) as Database[]).filter((db) => phases[db]);
  const column = (cell: (phase: Phase) => string) => measured.map((db) => cell(phases[db]!));
  const rps = (value: number) => `${value.toFixed(0)} req/s`;
  const goalHome = measured
    .map((db) => {
      const goal = db === "postgres" ? GOALS.homeRatioPostgres : GOALS.homeRatioPglite;
      return `≥ ${goal} ${DATABASE_NAMES[db]}: ${verdict(phases[db]!.homeRatio >= goal)}`;
    })
    .join(", ");
  const goalDenied = `≥ ${GOALS.accessDeniedRatio}: ${verdict(measured.every((db) => phases[db]!.accessDeniedRatio >= GOALS.accessDeniedRatio))}`;
  const htmlKB = kb(weight.home.htmlGz);
  const jsKB = kb(weight.home.jsGz);

  console.log(
    `Dealer Portal page speed — autocannon, ${CONNECTIONS} connections, gzip, ${ROUNDS} rounds of ${SECONDS} s per target` +
      ` after ${WARMUP_SECONDS} s warm-up; Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  printTable([
    ["", ...measured.map((db) => DATABASE_NAMES[db]), "goal"],
    ["floor app  GET /", ...column((p) => rps(p.rps.floor)), ""],
    ["access-denied  GET /access-denied", ...column((p) => rps(p.rps.accessDenied)), ""],
    ["home  GET / (signed in)", ...column((p) => rps(p.rps.home)), ""],
    ["ratio access-denied/floor", ...column((p) => p.accessDeniedRatio.toFixed(2)), goalDenied],
    ["ratio home/floor", ...column((p) => p.homeRatio.toFixed(2)), goalHome],
    ["portal peak RSS", ...column((p) => fmtMB(p.portalPeakRssKB)), ""],
    [
      "start-up to ready (existing data)",
      ...column((p) => `${(p.startupMs / 1000).toFixed(1)} s`),
      `≤ ${GOALS.startupSeconds} s PGlite: ${verdict((phases.pglite?.startupMs ?? Infinity) <= GOALS.startupSeconds * 1000)}`,
    ],
  ]);
  if (postgresSkipped) console.log(`PostgreSQL skipped: ${postgresSkipped}`);
  printTable([
    ["floor app peak RSS", fmtMB(floorPeakRssKB), "(whole run)"],
    [
      "home HTML gz",
      `${htmlKB.toFixed(1)} KB`,
      `goal ≤ ${GOALS.htmlGzKB} KB: ${verdict(htmlKB <= GOALS.htmlGzKB)} (raw ${kb(weight.home.htmlRaw).toFixed(1)} KB; floor ${kb(weight.floor.htmlGz).toFixed(1)} KB gz)`,
    ],
    [
      "home JS gz",
      `${jsKB.toFixed(1)} KB`,
      `goal ≤ ${GOALS.jsGzKB} KB: ${verdict(jsKB <= GOALS.jsGzKB)} (brotli ${kb(weight.home.jsBr).toFixed(1)} KB, raw ${kb(weight.home.jsRaw).toFixed(1)} KB, ${weight.home.files.length} files; floor ${kb(weight.floor.jsGz).toFixed(1)} KB gz)`,
    ],
  ]);
  if (process.env.BENCH_VERBOSE) {
    for (const db of measured) {
      const runs = phases[db]!.runs;
      console.log(
        `${DATABASE_NAMES[db]} runs (req/s): ` +
          (Object.keys(runs) as TargetKey[])
            .map((key) => `${key} ${runs[key].map((v) => v.toFixed(0)).join(", ")}`)
            .join("; "),
      );
    }
    for (const file of [...weight.home.files].sort((a, b) => b.gz - a.gz))
      console.log(`  ${kb(file.gz).toFixed(1).padStart(6)} KB gz  ${file.path}`);
  }

  const phaseJson = (phase: Phase | undefined) =>
    phase && {
      floorRps: round(phase.rps.floor),
      accessDeniedRps: round(phase.rps.accessDenied),
      homeRps: round(phase.rps.home),
      runs: {
        floor: phase.runs.floor.map((v) => round(v)),
        accessDenied: phase.runs.accessDenied.map((v) => round(v)),
        home: phase.runs.home.map((v) => round(v)),
      },
      accessDeniedRatio: round(phase.accessDeniedRatio, 3),
      homeRatio: round(phase.homeRatio, 3),
      portalPeakRssMB: phase.portalPeakRssKB === undefined ? null : round(mb(phase.portalPeakRssKB)!),
      startupMs: round(phase.startupMs),
    };
  console.log(
    "BENCH " +
      JSON.stringify({
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        rounds: ROUNDS,
        node: process.version,
        cpus: os.cpus().length,
        pglite: phaseJson(phases.pglite) ?? null,
        postgres: phaseJson(phases.postgres) ?? null,
        postgresSkipped: postgresSkipped ?? null,
        floorPeakRssMB: floorPeakRssKB === undefined ? null : round(mb(floorPeakRssKB)!),
        htmlGzKB: round(htmlKB, 2),
        htmlRawKB: round(kb(weight.home.htmlRaw), 2),
        jsGzKB: round(jsKB, 2),
        jsBrKB: round(kb(weight.home.jsBr), 2),
        jsRawKB: round(kb(weight.home.jsRaw), 2),
        jsFiles: weight.home.files.length,
        floorHtmlGzKB: round(kb(weight.floor.htmlGz), 2),
        floorJsGzKB: round(kb(weight.floor.jsGz), 2),
        goals: GOALS,
      }),
  );
}

// ---------------------------------------------------------------------------------------------

async function main(cleanup: Cleanup): Promise<number> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.error("The portal is not built (build/server/index.js is missing): run `npm run build` first.");
    return 1;
  }
  try {
    const started = performance.now();
    if (await buildFloorIfStale())
      progress(`floor app built into bench/floor/build/ (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const floor = await startFloor(cleanup);

    const phases: Partial<Record<Database, Phase>> = {};
    phases.pglite = await measure(cleanup, floor, "pglite", { weigh: true });

    let postgresSkipped: string | undefined;
    const database = await createBenchDatabase(cleanup);
    if ("skipped" in database) {
      postgresSkipped = database.skipped;
    } else {
      phases.postgres = await measure(cleanup, floor, "postgres", { databaseUrl: database.url, weigh: false });
      await database.drop();
    }

    const floorPeakRssKB = floor.peakRssKB();
    await floor.stop();
    report(phases, postgresSkipped, floorPeakRssKB, phases.pglite.weight!);
    return 0;
  } catch (error) {
    // After Ctrl-C the servers are stopped under the load: that failure is not news.
    if (!interrupted) console.error(`Benchmark failed: ${messageOf(error)}`);
    return 1;
  }
}

let interrupted = false;
const cleanup = new Cleanup();
// Ctrl-C (or a kill) mid-run: stop the servers, remove the folders, drop the database, then exit.
// `on`, not `once`: under tsx a signal with no listener left ends the process at once, and tsx
// relays Ctrl-C a second time when this process is slow to acknowledge the first.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers…`);
    running?.stop();
    killChildren();
    void cleanup.run().finally(() => process.exit(130));
  });
}
try {
  process.exitCode = await main(cleanup);
} finally {
  await cleanup.run();
}
