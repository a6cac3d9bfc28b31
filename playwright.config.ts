import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const BRAND3_BASE_URL = `http://halden.localhost:${PORT}`;
/** The e2e server's data folder; tests/e2e/serve.ts empties it first, so every run starts fresh. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `dealer-portal-e2e-${PORT}`);
/** Where the e2e suite's SMTP server (tests/support/mail-sink.ts) files what the portal sends. */
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}-mail`;
/** The e2e suite's downstream target (tests/support/push-target.ts): pushes land there, and tests read them back. */
export const E2E_PUSH_TARGET = `http://127.0.0.1:${PORT + 2}`;
export const E2E_PUSH_SECRET = "e2e-push-secret-0123456789";
/** Where the e2e server writes each API answer off the OpenAPI document (issue #35); the teardown reads it. */
export const E2E_CONTRACT_VIOLATIONS = `${E2E_DATA_DIR}-api-contract.jsonl`;

/** Specs that change shared demo data; their project runs after the others have finished. */
const AFTER_ALL = "**/*.after-all.spec.ts";

/**
 * Debian's headless shell of the same Chromium when installed (ADR 22: it halves the suite's time on
 * two cores, where the full browser spends most of the CPU on a window per context), else Chromium.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The end-to-end flows (create a user, verify, set a password, sign in) take 20–28 s on this
  // 2-core machine with two workers; 30 s failed one of them on a slower run. A hang still ends.
  timeout: 45_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Issue #35 §2: the run fails when any API answer of any test was off the OpenAPI document.
  globalTeardown: "./tests/e2e/contract-teardown.ts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "off",
    // Only tests/e2e/pwa.spec.ts lets the service worker run: elsewhere a saved page must never
    // stand in for the server's answer (a slow CI machine could hit the 3 s network timeout).
    serviceWorkers: "block",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: AFTER_ALL },
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: AFTER_ALL },
    // Tests that change what every other test relies on (the demo dealer's role) run alone, last.
    { name: "after-all", use: { javaScriptEnabled: true }, testMatch: AFTER_ALL, dependencies: ["js-on", "js-off"] },
  ],
  webServer: {
    command: "npx tsx tests/e2e/serve.ts",
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // The built server's fast paths (React's production server renderer), as `npm start` runs it;
      // APP_ENV keeps the test rules (ADR 1).
      NODE_ENV: "production",
      PORT: String(PORT),
      PUBLIC_URL_BRAND3: `http://halden.localhost:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      MAIL_SINK_DIR: E2E_MAIL_DIR,
      PUSH_TARGET_PORT: String(PORT + 2),
      PUSH_TARGET_SECRET: E2E_PUSH_SECRET,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      APP_ENV: "test",
      SIGNIN_RATE_LIMIT_PER_MINUTE: "1000",
      API_CONTRACT_CHECK: "true",
      API_CONTRACT_VIOLATIONS_FILE: E2E_CONTRACT_VIOLATIONS,
      // Short-lived access tokens, so a session renews within a test (renewal starts 60 s before expiry).
      OIDC_ACCESS_TOKEN_TTL: "75",
      // Footer links from configuration (issue #18), per brand where the address names it.
      FOOTER_CONTACT_URL: "https://help.example.org/brand/{brand}/contact",
      FOOTER_TRADE_EXPORT_URL: "https://legal.example.org/{brand}/trade-export",
    },
  },
});
