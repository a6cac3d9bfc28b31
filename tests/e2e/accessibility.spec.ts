import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

const THEMES = [1, 2, 3, 4, 5] as const;

// axe runs inside the page, so it needs JavaScript; the JS-off project renders the same server HTML.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe needs JavaScript in the page");

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

for (const theme of THEMES) {
  test(`0 axe violations on sign-in, home and access denied in theme ${theme}`, async ({ page }) => {
    await page.goto(`/?brand=${theme}`);
    await expect(page).toHaveURL(/\/signin\//);
    await page.goto(`${page.url()}?brand=${theme}`);
    await expect(page.locator("body")).toHaveAttribute("data-brand", String(theme));
    await expectNoViolations(page);

    // The employee holds all five brands, so every theme can be shown signed in.
    await page.getByLabel("Email").fill("employee@example.com");
    await page.getByLabel("Password").fill("Demo#Portal2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Erin");
    await expect(page.locator("body")).toHaveAttribute("data-brand", String(theme));
    await expectNoViolations(page);

    await page.goto(`/access-denied?from=%2Fsupport&brand=${theme}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await expectNoViolations(page);
  });
}

test("0 axe violations with the brand switcher and the profile menu open", async ({ page }) => {
  await signIn(page, "employee@example.com", "/?modal=brands");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page);
});
