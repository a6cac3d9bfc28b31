import { expect, test } from "@playwright/test";
import { allowPerPage, expectNoAxeViolations, shellPagesOf, signIn, signInShared } from "./helpers";

const THEMES = [1, 2, 3, 4, 5] as const;

// Both projects: without JavaScript axe checks the page as the server rendered it (serverRenderedTwin).

for (const theme of THEMES) {
  test(`issue #18 0 axe violations (WCAG and best practices: heading order) on sign-in, home and access denied in theme ${theme}`, async ({
    page,
  }) => {
    await page.goto(`/?brand=${theme}`);
    await expect(page).toHaveURL(/\/signin\//);
    await page.goto(`${page.url()}?brand=${theme}`);
    await expect(page.locator("body")).toHaveAttribute("data-brand", String(theme));
    await expectNoAxeViolations(page);

    // The employee holds all five brands, so every theme can be shown signed in.
    await page.getByLabel("Email").fill("employee@example.com");
    await page.getByLabel("Password").fill("Demo#Portal2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Erin");
    await expect(page.locator("body")).toHaveAttribute("data-brand", String(theme));
    await expectNoAxeViolations(page);

    await page.goto(`/access-denied?from=%2Fsupport&brand=${theme}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await expectNoAxeViolations(page);
  });
}

test("0 axe violations with the brand switcher and the profile menu open", async ({ page }) => {
  await signIn(page, "employee@example.com", "/?modal=brands");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("issue #33 WCAG 2.2 AA: axe finds nothing on every page the administrator's shell and admin home link to", async ({
  page,
}) => {
  await signInShared(page, "admin@example.com", "/");
  const pages = await shellPagesOf(page);
  allowPerPage(pages.length);
  expect(pages).toEqual(expect.arrayContaining(["/admin", "/admin/users", "/documents", "/support"]));
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectNoAxeViolations(page);
  }
});
