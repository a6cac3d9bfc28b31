/**
 * Slow-link bench (issue #38 §1): what a dealer on a bad link feels. Playwright drives Debian's
 * Chromium (CHROMIUM_PATH overrides) with Chromium's own network emulation (CDP
 * `Network.emulateNetworkConditions`) at 400 kbps / 400 ms and at slow 4G, JavaScript on and off,
 * a first visit (empty cache) and a repeat visit (same browser, again), for the signed-in home, the
 * documents library, the users list and the announcement editor, beside the floor app's page
 * measured the same way in the same run. Figures to track, never a pass/fail test (bench/README.md).
 *
 * Run from the repository root after `npm run build`:  npm run bench:slowlink
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import {
  BenchError,
  Cleanup,
  ROOT,
  buildFloorIfStale,
  messageOf,
  runBench,
  startFloor,
  startPortal,
} from "./processes";

const PASSWORD = "Demo#Portal2026";
const RUNS = Number(process.env.SLOWLINK_RUNS ?? 3);
/** No request of the page in flight for this long: the network is idle. */
const QUIET_MS = 500;
const VISIT_TIMEOUT_MS = 60_000;
/** SLOWLINK_VERBOSE=1: every request of every visit (address, bytes, start and end from the first request). */
const VERBOSE = process.env.SLOWLINK_VERBOSE === "1";

interface Link {
  key: string;
  label: string;
  latencyMs: number;
  downKbps: number;
  upKbps: number;
}

const LINKS: Link[] = [
  { key: "dsl", label: "400 kbps, 400 ms", latencyMs: 400, downKbps: 400, upKbps: 400 },
  // Lighthouse's "slow 4G": 150 ms, 1.6 Mbps down, 750 kbps up.
  { key: "slow4g", label: "slow 4G", latencyMs: 150, downKbps: 1_638.4, upKbps: 750 },
];

type Account = "dealer@example.com" | "admin@example.com";

interface Target {
  key: string;
  label: string;
  path: string;
  /** Who is signed in; none for the floor app. */
  account?: Account;
  /** Text the page must show (it is the page, not a sign-in form or an error). */
  mustShow: string;
}

const TARGETS: Target[] = [
  { key: "floor", label: "floor page", path: "/", mustShow: "Floor page" },
  { key: "home", label: "home", path: "/", account: "dealer@example.com", mustShow: "Welcome" },
  { key: "documents", label: "documents", path: "/documents", account: "dealer@example.com", mustShow: "Documents" },
  { key: "users", label: "users list", path: "/admin/users", account: "admin@example.com", mustShow: "Users" },
  {
    key: "editor",
    label: "announcement editor",
    path: "/admin/announcement",
    account: "admin@example.com",
    mustShow: "Announcement",
  },
];

interface Figures {
  fcpMs: number | null;
  /** When the app's code had hydrated the page (JavaScript on): from then on its enhancements work. */
  hydratedMs: number | null;
  loadMs: number;
  idleMs: number;
  bytes: number;
  requests: number;
  /** What the service worker fetched for itself (precache), bytes; JavaScript on, first visit only. */
  workerBytes: number | null;
}

interface Row extends Figures {
  target: string;
  link: string;
  javaScript: boolean;
  visit: "first" | "repeat";
}

const progress = (line: string) => process.stderr.write(`… ${line}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Records the page's requests as Chromium's network layer sees them (throttled, encoded bytes). */
class NetworkLog {
  private readonly open = new Map<string, number>();
  readonly lines: string[] = [];
  private readonly urls = new Map<string, string>();
  private lastEnd = 0;
  private firstStart = Number.POSITIVE_INFINITY;
  bytes = 0;
  requests = 0;
  private lastChange = performance.now();

  constructor(cdp: CDPSession) {
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!this.open.has(event.requestId)) this.requests++;
      this.urls.set(event.requestId, event.request.url);
      this.open.set(event.requestId, event.timestamp);
      this.firstStart = Math.min(this.firstStart, event.timestamp);
      this.lastChange = performance.now();
    });
    const end = (event: { requestId: string; timestamp: number; encodedDataLength?: number }) => {
      const started = this.open.get(event.requestId);
      if (started === undefined || !this.open.delete(event.requestId)) return;
      this.bytes += event.encodedDataLength ?? 0;
      if (VERBOSE) {
        const at = (t: number) => `${((t - this.firstStart) * 1000).toFixed(0).padStart(5)} ms`;
        const outcome = "errorText" in event ? ` failed: ${String(event.errorText)}` : "";
        this.lines.push(
          `    ${at(started)} → ${at(event.timestamp)}  ${String(event.encodedDataLength ?? 0).padStart(7)} B  ${new URL(this.urls.get(event.requestId) ?? "").pathname}${outcome}`,
        );
      }
      this.lastEnd = Math.max(this.lastEnd, event.timestamp);
      this.lastChange = performance.now();
    };
    cdp.on("Network.loadingFinished", end);
    cdp.on("Network.loadingFailed", end);
  }

  /** Waits until nothing has been in flight for QUIET_MS; the idle time from the first request, in ms. */
  async idle(): Promise<number> {
    const deadline = performance.now() + VISIT_TIMEOUT_MS;
    while (this.open.size > 0 || performance.now() - this.lastChange < QUIET_MS) {
      if (performance.now() > deadline) throw new BenchError(`the network did not become idle: ${this.open.size} open`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (this.lastEnd - this.firstStart) * 1000;
  }
}

async function throttledPage(context: BrowserContext, link: Link): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  });
  return { page, cdp };
}

async function visit(
  page: Page,
  cdp: CDPSession,
  url: string,
  mustShow: string,
  /** JavaScript on, on a page that marks its hydration (the portal's; the floor page does not). */
  hydrates: boolean,
): Promise<Omit<Figures, "workerBytes">> {
  const log = new NetworkLog(cdp);
  const response = await page.goto(url, { waitUntil: "load", timeout: VISIT_TIMEOUT_MS });
  if (!response || response.status() !== 200)
    throw new BenchError(`${url} answered ${response?.status() ?? "nothing"}, not 200`);
  const idleMs = await log.idle();
  if (VERBOSE) progress(`${url}\n${log.lines.join("\n")}`);
  const body = (await page.locator("body").textContent()) ?? "";
  if (!body.includes(mustShow)) throw new BenchError(`${url} does not show "${mustShow}" (signed out or an error?)`);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return { loadMs: navigation.loadEventEnd, fcpMs: paint ? paint.startTime : null };
  });
  const hydratedMs = hydrates
    ? ((await page
        .waitForFunction(() => (window as { hydratedAt?: number }).hydratedAt, undefined, {
          timeout: VISIT_TIMEOUT_MS,
        })
        .then((handle) => handle.jsonValue())) as number)
    : null;
  return { ...timing, hydratedMs, idleMs, bytes: log.bytes, requests: log.requests };
}

/** The bytes the service worker fetched for itself until it is active (its precache), or null without one. */
async function workerBytesOf(page: Page, sizes: Promise<number>[]): Promise<number | null> {
  const hasWorker = await page.evaluate(async () => {
    if (!navigator.serviceWorker) return false;
    const ready = navigator.serviceWorker.ready.then(() => true);
    return Promise.race([ready, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]);
  });
  if (!hasWorker) return null;
  return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
}

async function measureTarget(
  browser: Browser,
  origin: string,
  target: Target,
  link: Link,
  javaScript: boolean,
  storageState: string | undefined,
): Promise<Row[]> {
  const first: Figures[] = [];
  const repeat: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      baseURL: origin,
      javaScriptEnabled: javaScript,
      serviceWorkers: "allow",
      storageState,
      locale: "en-US",
    });
    // The moment the root marks the page hydrated (`data-hydrated`), from navigation start.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== "true") return;
        (window as { hydratedAt?: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
    const hydrates = javaScript && target.account !== undefined;
    const workerSizes: Promise<number>[] = [];
    context.on("requestfinished", (request) => {
      if (request.serviceWorker())
        workerSizes.push(
          request
            .sizes()
            .then((size) => size.responseBodySize + size.responseHeadersSize)
            .catch(() => 0),
        );
    });
    try {
      const { page, cdp } = await throttledPage(context, link);
      const url = `${origin}${target.path}`;
      const firstVisit = await visit(page, cdp, url, target.mustShow, hydrates);
      const workerBytes = javaScript ? await workerBytesOf(page, workerSizes) : null;
      first.push({ ...firstVisit, workerBytes });
      repeat.push({ ...(await visit(page, cdp, url, target.mustShow, hydrates)), workerBytes: null });
    } finally {
      await context.close();
    }
  }
  const summary = (runs: Figures[], visitKind: "first" | "repeat"): Row => {
    const fcps = runs.map((r) => r.fcpMs).filter((v): v is number => v !== null);
    const workers = runs.map((r) => r.workerBytes).filter((v): v is number => v !== null);
    const hydrated = runs.map((r) => r.hydratedMs).filter((v): v is number => v !== null);
    return {
      target: target.key,
      link: link.key,
      javaScript,
      visit: visitKind,
      fcpMs: fcps.length ? median(fcps) : null,
      hydratedMs: hydrated.length ? median(hydrated) : null,
      loadMs: median(runs.map((r) => r.loadMs)),
      idleMs: median(runs.map((r) => r.idleMs)),
      bytes: median(runs.map((r) => r.bytes)),
      requests: median(runs.map((r) => r.requests)),
      workerBytes: workers.length ? median(workers) : null,
    };
  };
  return [summary(first, "first"), summary(repeat, "repeat")];
}

/** Signs in through the portal's own sign-in page once; the browser state (cookies) every visit starts from. */
async function signedInState(browser: Browser, origin: string, account: Account, folder: string): Promise<string> {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: "block", locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Email").fill(account);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${origin}/`);
    const file = path.join(folder, `${account}.json`);
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}

const GOALS = { dslFirstLoadMs: 2_500, dslFirstIdleMs: 3_500, dslNoScriptLoadMs: 1_000, dslRepeatLoadMs: 500 };

function report(rows: Row[]): void {
  const seconds = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);
  const kb = (bytes: number | null) => (bytes === null ? "–" : `${(bytes / 1000).toFixed(0)} KB`);
  const header = ["page", "link", "JS", "visit", "FCP", "load", "hydrated", "idle", "bytes", "requests", "worker"];
  const lines = rows.map((row) => [
    TARGETS.find((t) => t.key === row.target)!.label,
    LINKS.find((l) => l.key === row.link)!.label,
    row.javaScript ? "on" : "off",
    row.visit,
    seconds(row.fcpMs),
    seconds(row.loadMs),
    seconds(row.hydratedMs),
    seconds(row.idleMs),
    kb(row.bytes),
    String(row.requests),
    kb(row.workerBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const print = (cells: string[]) => console.log(cells.map((cell, i) => cell.padEnd(widths[i])).join("  "));
  console.log(`Slow-link bench — Chromium network emulation, median of ${RUNS} runs, ${os.cpus().length} CPUs`);
  print(header);
  for (const line of lines) print(line);

  const home = (javaScript: boolean, visitKind: "first" | "repeat") =>
    rows.find((r) => r.target === "home" && r.link === "dsl" && r.javaScript === javaScript && r.visit === visitKind)!;
  const verdict = (met: boolean) => (met ? "met" : "missed");
  const measuredHome = rows.some((r) => r.target === "home");
  const goals = !measuredHome
    ? []
    : ([
        ["home, 400 kbps, JS on, first: load", home(true, "first").loadMs, GOALS.dslFirstLoadMs],
        ["home, 400 kbps, JS on, first: network idle", home(true, "first").idleMs, GOALS.dslFirstIdleMs],
        ["home, 400 kbps, JS off, first: load", home(false, "first").loadMs, GOALS.dslNoScriptLoadMs],
        ["home, 400 kbps, JS on, repeat: load", home(true, "repeat").loadMs, GOALS.dslRepeatLoadMs],
      ] as const);
  console.log("");
  for (const [label, value, goal] of goals)
    console.log(
      `${label.padEnd(46)} ${seconds(value).padStart(8)}  goal ≤ ${seconds(goal)}: ${verdict(value <= goal)}`,
    );
  console.log(
    "BENCH " +
      JSON.stringify({
        runs: RUNS,
        rows: rows.map((row) => ({
          ...row,
          fcpMs: row.fcpMs === null ? null : Math.round(row.fcpMs),
          loadMs: Math.round(row.loadMs),
          hydratedMs: row.hydratedMs === null ? null : Math.round(row.hydratedMs),
          idleMs: Math.round(row.idleMs),
        })),
        goals: GOALS,
      }),
  );
}

async function main(cleanup: Cleanup): Promise<number> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.error("The portal is not built (build/server/index.js is missing): run `npm run build` first.");
    return 1;
  }
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 20) {
    console.error("SLOWLINK_RUNS must be an integer from 1 to 20");
    return 1;
  }
  try {
    if (await buildFloorIfStale()) progress("floor app built into bench/floor/build/");
    const floor = await startFloor(cleanup);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-slowlink-"));
    cleanup.add("remove the data folder", () => rmSync(dataDir, { recursive: true, force: true }));
    progress("starting the portal…");
    const portal = await startPortal(cleanup, { name: "portal", dataDir });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    cleanup.add("close the browser", () => browser.close());
    const states = new Map<Account, string>();
    for (const account of ["dealer@example.com", "admin@example.com"] as const)
      states.set(account, await signedInState(browser, portal.origin, account, dataDir));

    const rows: Row[] = [];
    const only = process.env.SLOWLINK_PAGES?.split(",").map((key) => key.trim());
    for (const target of TARGETS.filter((t) => !only || only.includes(t.key)))
      for (const link of LINKS)
        for (const javaScript of [true, false]) {
          progress(`${target.label}, ${link.label}, JavaScript ${javaScript ? "on" : "off"}`);
          const origin = target.account ? portal.origin : floor.origin;
          const state = target.account ? states.get(target.account) : undefined;
          rows.push(...(await measureTarget(browser, origin, target, link, javaScript, state)));
        }
    report(rows);
    return 0;
  } catch (error) {
    console.error(`Benchmark failed: ${messageOf(error)}`);
    return 1;
  }
}

await runBench(main);
