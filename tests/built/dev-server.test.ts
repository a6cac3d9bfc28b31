/**
 * Issue #32 §1: `npm run dev` (`node server.js dev`) serves the sources through Vite's dev server
 * in middleware mode: the same Express server, with Vite's modules for the browser, no build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./portal";
import { readyPortal, stopProcess, type PortalProcess } from "./processes";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-dev-"));
let dev: PortalProcess | undefined;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dev = await readyPortal(
    origin,
    { NODE_ENV: "development", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { args: ["dev"], timeoutMs: 120_000 },
  );
}, 150_000);

afterAll(async () => {
  await stopProcess(dev?.child);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("issue #32 §1: npm run dev serves the sources through Vite", () => {
  it("answers pages rendered from the sources, with Vite's client for hot reload", async () => {
    const page = await fetch(`${origin}/access-denied`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Access denied");
    // Development pages load the app's modules from the sources, not from build/client.
    expect(html).toMatch(/\/app\/entry\.client\.tsx/);
    expect((await fetch(`${origin}/@vite/client`)).status).toBe(200);
  });
});
