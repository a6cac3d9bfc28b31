/**
 * Lighthouse in the bench (issue #38 §5): Lighthouse 12.8 (its default mobile profile: a mid-range
 * phone, simulated slow 4G) on the signed-in home, the users list and the announcement editor of
 * the built portal, in Debian's Chromium (CHROMIUM_PATH overrides). Lighthouse is run by npx at a
 * pinned version, not installed with the project: its dependency tree leaves a lock file that
 * `npm ci` refuses (the production install uses it). Prints the performance,
 * accessibility and best-practices scores, the page's paint and blocking figures, and every audit
 * that did not pass. Figures to track, never a pass/fail test (bench/README.md).
 *
 * Run from the repository root after `npm run build`:  npm run bench:lighthouse
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { Cleanup, ROOT, messageOf, runBench, startPortal } from "./processes";
import { signIn } from "./sign-in";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 99,
  accessibility: 100,
  "best-practices": 100,
};
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

const TARGETS = [
  { label: "home", path: "/", account: "dealer@example.com" },
  { label: "users list", path: "/admin/users", account: "admin@example.com" },
  { label: "announcement editor", path: "/admin/announcement", account: "admin@example.com" },
].filter((t) => !process.env.LH_ONLY || t.label === process.env.LH_ONLY);

const progress = (line: string) => process.stderr.write(`… ${line}\n`);

interface PageResult {
  label: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  failing: string[];
}

/** What an audit found, in short (the first few items of its details), for the failing list. */
function whatOf(result: { details?: unknown }): string {
  const items = (result.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const named = items
    .slice(0, 3)
    .map((item) => String(item.issueType ?? item.url ?? item.description ?? item.source ?? ""))
    .filter(Boolean);
  return named.length ? ` — ${named.join("; ")}` : "";
}

/** Lighthouse's pinned version (12.x runs on Node 20; 13 needs Node 22+). */
const LIGHTHOUSE = "lighthouse@12.8.2";

interface Report {
  runtimeError?: { message: string };
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { title: string; score: number | null; displayValue?: string; details?: unknown }>;
}

/** One Lighthouse run (its own Chromium), its report parsed from stdout. */
function lighthouseReport(url: string, cookie: string): Promise<Report> {
  const args = [
    "--yes",
    LIGHTHOUSE,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
    `--extra-headers=${JSON.stringify({ Cookie: cookie, "Accept-Language": "en" })}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString("utf8")).slice(-4_000)));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`${LIGHTHOUSE} exited with ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out) as Report);
      } catch (error) {
        reject(new Error(`${LIGHTHOUSE} printed no report: ${messageOf(error)}`));
      }
    });
  });
}

async function audit(url: string, cookie: string): Promise<Omit<PageResult, "label">> {
  const lhr = await lighthouseReport(url, cookie);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  const scores: Record<string, number> = {};
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    for (const ref of category?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1)
        failing.push(
          `${id}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ""}${whatOf(result)}`,
        );
    }
  }
  const metrics = Object.fromEntries(METRICS.map(([id, short]) => [short, lhr.audits[id]?.displayValue ?? "–"]));
  return { scores, metrics, failing };
}

async function main(cleanup: Cleanup): Promise<number> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.error("The portal is not built (build/server/index.js is missing): run `npm run build` first.");
    return 1;
  }
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-lighthouse-"));
    cleanup.add("remove the data folder", () => rmSync(dataDir, { recursive: true, force: true }));
    progress("starting the portal…");
    const portal = await startPortal(cleanup, { name: "portal", dataDir });
    const cookies = new Map<string, string>();
    const results: PageResult[] = [];
    for (const target of TARGETS) {
      let cookie = cookies.get(target.account);
      if (!cookie) cookies.set(target.account, (cookie = await signIn(portal.origin, target.account)));
      progress(`${target.label} (${target.path})…`);
      // Each run starts a browser of its own: nothing of one account's run reaches the next.
      results.push({ label: target.label, ...(await audit(`${portal.origin}${target.path}`, cookie)) });
    }
    report(results);
    return 0;
  } catch (error) {
    console.error(`Benchmark failed: ${messageOf(error)}`);
    return 1;
  }
}

function report(results: PageResult[]): void {
  console.log(`${LIGHTHOUSE} — mobile profile (simulated slow 4G), ${os.cpus().length} CPUs`);
  const header = ["page", ...CATEGORIES, ...METRICS.map(([, short]) => short)];
  const rows = results.map((r) => [
    r.label,
    ...CATEGORIES.map((c) => `${r.scores[c]} (${r.scores[c] >= GOALS[c] ? "met" : "missed"})`),
    ...METRICS.map(([, short]) => r.metrics[short]),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  "));
  console.log(`goals: ${CATEGORIES.map((c) => `${c} ≥ ${GOALS[c]}`).join(", ")}`);
  for (const r of results) if (r.failing.length) console.log(`\n${r.label}, not passed:\n  ${r.failing.join("\n  ")}`);
  console.log("BENCH " + JSON.stringify({ goals: GOALS, pages: results }));
}

await runBench(main);
