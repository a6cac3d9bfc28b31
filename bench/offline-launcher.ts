/**
 * Offline launcher benchmark (issue #6 §3): how long from navigation start until the launcher is
 * visible when the device is offline and the service worker serves home from its saved copy.
 *
 * Run from the repository root after `npm run build`:  npm run bench:offline
 * It starts the built portal in-process (fresh PGlite folder, demo data), signs in as
 * dealer@example.com in Debian's Chromium (CHROMIUM_PATH overrides), lets the service worker
 * save home once online, goes offline and loads `/` RUNS times (default 10). Each figure is
 * `performance.now()` in the page at the moment the first launcher link exists (navigation
 * start = 0). It prints every run, the median and the target (≤ 500 ms). Loopback only.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startBuiltPortal } from "./built-portal";

const RUNS = Number(process.env.RUNS ?? 10);
const TARGET_MS = 500;
const PASSWORD = "Demo#Portal2026";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main(): Promise<number> {
  if (!existsSync(path.resolve("build/server/index.js")) || !existsSync(path.resolve("build/client/sw.js"))) {
    console.error(
      "The portal is not built (build/server/index.js or build/client/sw.js is missing): run `npm run build` first.",
    );
    return 1;
  }
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 100) {
    console.error("RUNS must be an integer from 1 to 100");
    return 1;
  }
  let running: Awaited<ReturnType<typeof startBuiltPortal>> | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    running = await startBuiltPortal();
    const origin = running.origin;
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: "allow" });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Email").fill("dealer@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${origin}/`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
    await page.reload();
    await page.locator(".home__launcher a").first().waitFor();
    await context.setOffline(true);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto("/", { waitUntil: "commit" });
      await page.waitForFunction(() => document.querySelector(".home__launcher a") !== null, undefined, {
        polling: "raf",
        timeout: 10_000,
      });
      runs.push(await page.evaluate(() => performance.now()));
    }
    const offline = await page.getByTestId("offline-banner").isVisible();
    const result = median(runs);
    console.log(`Offline launcher — ${RUNS} loads of / with the network off, Chromium, ${os.cpus().length} CPUs`);
    console.log(`runs (ms)        ${runs.map((r) => r.toFixed(0)).join(", ")}`);
    console.log(`median           ${result.toFixed(0)} ms  target ≤ ${TARGET_MS} ms`);
    console.log(`offline banner   ${offline ? "shown" : "NOT shown"}`);
    console.log(
      "BENCH " +
        JSON.stringify({
          runs: runs.map((r) => Math.round(r)),
          medianMs: Math.round(result),
          targetMs: TARGET_MS,
          banner: offline,
        }),
    );
    await context.close();
    return 0;
  } catch (error) {
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await browser.close();
    await running?.close();
  }
}

process.exitCode = await main();
