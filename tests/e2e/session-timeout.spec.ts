import { expect, test } from "@playwright/test";
import { ready, signIn, axeOn } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/*
 * The browser's clock is driven (page.clock); the server's own limit stays at 30 minutes of real
 * time, so what signs the user out here is the warning's deadline. The server's enforcement
 * (the next request without JavaScript) is tests/built/session-timeouts.test.ts.
 */
test.describe("issue #15 §5: session time-outs with JavaScript", () => {
  test.skip(() => !jsOn(), "without JavaScript there is no warning: tests/built/session-timeouts.test.ts");

  test("SPEC §4 inactivity logout: a warning two minutes before the idle limit; 'Stay logged in' keeps the session", async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, "auditor@example.com");
    const warning = page.getByRole("dialog", { name: "You are about to be logged out" });
    await page.clock.fastForward("27:00");
    await expect(warning).toBeHidden();
    await page.clock.fastForward("01:30");
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("button", { name: "Stay logged in" })).toBeFocused();
    // The spec's mm:ss countdown modal is off unless SESSION_COUNTDOWN=true.
    await expect(warning.getByRole("timer")).toHaveCount(0);
    const axe = await axeOn(page, ".modal");
    expect(axe.violations).toEqual([]);

    const keepalive = page.waitForResponse((r) => r.url().endsWith("/session/keepalive"));
    await warning.getByRole("button", { name: "Stay logged in" }).click();
    expect((await keepalive).status()).toBe(200);
    await expect(warning).toBeHidden();
    // The idle clock started again: 27 minutes later there is still no warning, and the page stands.
    await page.clock.fastForward("27:00");
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await page.clock.fastForward("01:30");
    await expect(warning).toBeVisible();
  });

  test("SPEC §4 inactivity logout: after the idle limit the user is logged out and the sign-in page says why", async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, "auditor@example.com", "/admin/users");
    await page.clock.fastForward("30:01");
    await expect(page).toHaveURL(/\/signin\//);
    await expect(page.getByRole("status").filter({ hasText: "inactivity" })).toHaveText(
      "You have been logged out due to inactivity. Sign in again to continue.",
    );
    // The provider's sign-in ended too: the sign-in form is asked for, and it opens the portal again.
    await page.getByLabel("Email").fill("auditor@example.com");
    await page.getByLabel("Password").fill("Demo#Portal2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel("Profile menu for Riley Chen")).toBeVisible();
  });

  test("activity in one tab keeps another idle tab of the same user from signing out", async ({ page, context }) => {
    await page.clock.install();
    await signIn(page, "auditor@example.com");
    const other = await context.newPage();
    await other.goto("/");
    // The clock is the whole context's: both tabs move together.
    await page.clock.fastForward("20:00");
    // Work in the other tab (a page load reaches the server) ...
    await other.reload();
    await ready(other);
    await page.clock.fastForward("09:00");
    // ... so the first tab, idle for 29 minutes, neither warns nor signs out.
    await expect(page.getByRole("dialog", { name: "You are about to be logged out" })).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});
