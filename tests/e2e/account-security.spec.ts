import { expect, test } from "@playwright/test";
import { KEYHOLDERS, ROAMERS } from "./fixture-accounts";
import { DEMO_PASSWORD, ready, signIn, axeOn } from "./helpers";

test.describe("password and security (the embedded provider's account page)", () => {
  test("the profile menu leads an external user there; bad input gets the spec's messages and changes nothing", async ({
    page,
  }) => {
    await signIn(page, "dealer@example.com", "/");
    const profile = page.getByTestId("profile-menu");
    await profile.locator("summary").click();
    await profile.getByRole("link", { name: "Password and security" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password and security");
    await ready(page);

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password").fill("dana#2026X");
    await page.getByLabel("Confirm password").fill("dana#2026Y");
    await page.getByLabel("Confirm password").blur();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The password must not contain a part of your name")).toBeVisible();
    await expect(page.getByText("The value must be equal to the other value")).toBeVisible();

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password").fill("short1!");
    await page.getByLabel("Confirm password").fill("short1!");
    await page.getByLabel("Confirm password").blur();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("This field should be at least 8 characters long")).toBeVisible();

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password").fill("nospecial12A");
    await page.getByLabel("Confirm password").fill("nospecial12A");
    await page.getByLabel("Confirm password").blur();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText("The password requires an uppercase, lowercase, number and special character"),
    ).toBeVisible();
  });

  test("a wrong current password is refused; the right one changes it, and the new password signs in", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const email = KEYHOLDERS[testInfo.project.name as keyof typeof KEYHOLDERS];
    const fresh = "Fresh#Key2026";
    await signIn(page, email, "/account/security");
    await page.getByLabel("Current password").fill("Wrong#Pass2026");
    await page.getByLabel("New password").fill(fresh);
    await page.getByLabel("Confirm password").fill(fresh);
    await page.getByLabel("Confirm password").blur();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password").fill(fresh);
    await page.getByLabel("Confirm password").fill(fresh);
    await page.getByLabel("Confirm password").blur();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The password has been changed." })).toBeVisible();

    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
    });
    const other = await context.newPage();
    await other.goto("/");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill(DEMO_PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL(/\/signin\//);
    await signIn(other, email, "/", { password: fresh, javaScript: testInfo.project.use.javaScriptEnabled !== false });
    await expect(other.getByRole("heading", { level: 1 })).toContainText("Kim");
    await context.close();
  });

  test("another session is listed and can be signed out; that browser must sign in again", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    const email = ROAMERS[testInfo.project.name as keyof typeof ROAMERS];
    const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
    const elsewhere = await context.newPage();
    await signIn(elsewhere, email, "/", { javaScript });
    await signIn(page, email, "/account/security");

    const rows = page.getByTestId("session");
    await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await page.getByRole("link", { name: "Sign out all other sessions" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out all other sessions" });
    await expect(dialog).toBeVisible();
    // SPEC §3 modal state container: with JavaScript the confirmation is drawn in the shell's
    // modal container, outside main; without it, where it stands.
    await expect(page.locator(javaScript ? "#modal-root [role=dialog]" : "main [role=dialog]")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Other sessions signed out: ${count - 1}.` }),
    ).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();

    await elsewhere.goto("/");
    await expect(elsewhere).toHaveURL(/\/signin\//);
    await context.close();
  });

  test("an internal user's password lives in the company directory: no form, and a forged change is refused", async ({
    page,
  }) => {
    await signIn(page, "employee@example.com", "/account/security");
    await expect(page.getByText("Your password is managed by your company directory; change it there.")).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
    const forged = await page.request.post("/account/security", {
      form: {
        intent: "changePassword",
        currentPassword: DEMO_PASSWORD,
        newPassword: "Fresh#Key2026",
        confirmPassword: "Fresh#Key2026",
      },
    });
    expect(forged.status()).toBe(403);
  });

  test("axe finds nothing on the account page", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    await signIn(page, "halden@example.com", "/account/security");
    const results = await axeOn(page);
    expect(results.violations).toEqual([]);
  });
});
