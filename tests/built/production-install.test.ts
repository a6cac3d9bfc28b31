/**
 * Issue #32 §1: production runs plain JavaScript from the build. What an operator deploys — the
 * build, server.js, the public files, the migrations and the manifest — is installed with
 * `npm ci --omit=dev` in a folder of its own (no tsx, no Vite, no TypeScript), and `node server.js`
 * there serves the portal without building anything.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./portal";
import { readyPortal, stopProcess, type PortalProcess } from "./processes";

/** What a production host needs beside node_modules (README, "Operating the portal"). */
const DEPLOYED = ["build", "server.js", "public", "app/db/migrations", "package.json", "package-lock.json", "patches"];

const host = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-host-"));
const dataDir = path.join(host, "data");
let portal: PortalProcess | undefined;
let origin: string;

beforeAll(async () => {
  for (const part of DEPLOYED) {
    mkdirSync(path.dirname(path.join(host, part)), { recursive: true });
    cpSync(part, path.join(host, part), { recursive: true });
  }
  // From npm's cache when it holds the packages (it does after the project's own install).
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: host,
    stdio: "pipe",
  });
  const port = await freePort();
  origin = `http://localhost:${port}`;
  portal = await readyPortal(
    origin,
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "true" },
    { cwd: host },
  );
}, 300_000);

afterAll(async () => {
  await stopProcess(portal?.child);
  rmSync(host, { recursive: true, force: true });
});

describe("issue #32 §1: a production install runs the build with node", () => {
  it("holds none of the development tools", () => {
    for (const tool of ["tsx", "vite", "@remix-run/dev", "cross-env", "vitest"])
      expect(existsSync(path.join(host, "node_modules", tool)), tool).toBe(false);
  });

  it("serves the portal: its pages, its files and the identity provider's sign-in", async () => {
    const page = await fetch(`${origin}/access-denied`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page's start script names its entry (its modules load once the page has loaded, ADR 44).
    const script = html.match(/"(\/assets\/entry\.client-[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${origin}${script}`)).status).toBe(200);
    const signIn = await fetch(`${origin}/login?returnTo=/`, { redirect: "manual" });
    expect(signIn.status).toBe(302);
    expect(new URL(signIn.headers.get("location")!).pathname).toBe("/oidc/auth");
  });
});
