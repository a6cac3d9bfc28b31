import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, axeOn, ready, signIn, signInShared } from "./helpers";
import { DEACTIVATED } from "./fixture-accounts";

const project = () => test.info().project.name as "js-on" | "js-off";
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("issue #39 §5: reactivation request", () => {
  test("a deactivated demo user requests reactivation and the admin activates it from the list", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = DEACTIVATED[project()];
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const member = await context.newPage();
    try {
      // The right password: why they cannot sign in, and the way back.
      await member.goto("/");
      await expect(member).toHaveURL(/\/signin\//);
      await member.getByLabel("Email").fill(email);
      await member.getByLabel("Password").fill(DEMO_PASSWORD);
      await member.getByRole("button", { name: "Sign in" }).click();
      await expect(member.getByRole("heading", { level: 1 })).toHaveText("Your account is deactivated");
      await expect(member.getByTestId("deactivated-why")).toContainText(
        "Your account was deactivated for inactivity on ",
      );
      await member.getByRole("button", { name: "Ask for reactivation" }).click();
      await expect(member.getByTestId("reactivation-requested")).toContainText("Your request was sent on ");
      await expect(member.getByRole("button", { name: "Ask for reactivation" })).toHaveCount(0);

      // Signing in again says it was asked already, and offers no second request.
      await member.goto("/");
      await member.getByLabel("Email").fill(email);
      await member.getByLabel("Password").fill(DEMO_PASSWORD);
      await member.getByRole("button", { name: "Sign in" }).click();
      await expect(member.getByTestId("reactivation-requested")).toContainText("You asked for reactivation on ");
      await expect(member.getByRole("button", { name: "Ask for reactivation" })).toHaveCount(0);

      // The administrator of their location sees the request on the users list, and activates with one click.
      await signInShared(page, "admin@example.com", "/admin/users");
      await expect(page.getByTestId("reactivation-requests")).toContainText(/asks? for reactivation\./);
      await page.getByTestId("reactivation-requests").getByRole("link", { name: "Show them" }).click();
      await expect(page.getByLabel("Deactivation")).toHaveValue("reactivationRequested");
      const row = page.locator("table.data-table tbody tr", { hasText: email });
      await expect(row.getByTestId("reactivation-requested")).toHaveText("Reactivation requested");
      // Everyone the filter keeps asked.
      const rows = page.locator("table.data-table tbody tr");
      await expect(rows).toHaveCount(await page.getByTestId("reactivation-requested").count());
      await row.getByRole("button", { name: /^Activate / }).click();
      await expect(page.getByRole("status").filter({ hasText: "The user has been activated." })).toBeVisible();
      await expect(page.locator("table.data-table tbody tr", { hasText: email })).toHaveCount(0);

      // They sign in again.
      await signIn(member, email, "/", { javaScript: jsOn() });
      await expect(member).not.toHaveURL(/\/signin\//);
    } finally {
      await context.close();
    }
  });

  test("axe finds nothing on the deactivated account's sign-in page nor on the list of requests", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    const context = await browser.newContext({ baseURL });
    const member = await context.newPage();
    try {
      // The demo account: e2e never activates it.
      await member.goto("/");
      await member.getByLabel("Email").fill("inactive@example.com");
      await member.getByLabel("Password").fill(DEMO_PASSWORD);
      await member.getByRole("button", { name: "Sign in" }).click();
      await expect(member.getByRole("heading", { level: 1 })).toHaveText("Your account is deactivated");
      await ready(member);
      expect((await axeOn(member)).violations).toEqual([]);
      const ask = member.getByRole("button", { name: "Ask for reactivation" });
      if (await ask.count()) await ask.click();
      await expect(member.getByTestId("reactivation-requested")).toBeVisible();
      await ready(member);
      expect((await axeOn(member)).violations).toEqual([]);
    } finally {
      await context.close();
    }
    await signInShared(page, "admin@example.com", "/admin/users?deactivation=reactivationRequested");
    await expect(page.locator("table.data-table tbody tr", { hasText: "inactive@example.com" })).toHaveCount(1);
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
