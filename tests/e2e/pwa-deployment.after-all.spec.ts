import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/*
 * This test rewrites the built service worker (build/client/sw.js), which every test's browser
 * fetches: run beside another service-worker test, that test would meet a "new version" of its own
 * mid-flow. Here (the after-all project) it runs when the others have finished.
 */
test.use({ serviceWorkers: "allow" });

test.describe("installable, offline-first app: deployments", () => {
  test("a new deployment offers 'A new version is available — Reload' and reloads into it", async ({ page }) => {
    await signIn(page, "auditor@example.com", "/");
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
    const script = path.resolve("build/client/sw.js");
    const original = readFileSync(script, "utf8");
    try {
      // A new build of the service worker is deployed while the page is open.
      writeFileSync(script, `${original}\n// next deployment ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByTestId("update-ready");
      await expect(prompt).toContainText("A new version is available", { timeout: 15_000 });
      // Listen before clicking: the reload can finish before a listener added afterwards exists.
      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.getByTestId("update-ready")).toHaveCount(0);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
    } finally {
      writeFileSync(script, original);
    }
  });
});
