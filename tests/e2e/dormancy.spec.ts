import { expect, test } from "@playwright/test";
import { axeOn, ready, signInShared } from "./helpers";
import { DORMANT } from "./fixture-accounts";

const project = () => test.info().project.name as "js-on" | "js-off";
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("issue #39 §4: warnings before dormancy", () => {
  test("the users list shows 'Deactivates in N days' and filters for it; the admin exempts the user with a reason until a date", async ({
    page,
  }) => {
    const email = DORMANT[project()];
    await signInShared(page, "admin@example.com", "/");
    await page.goto("/admin/users?deactivation=soon");
    await expect(page.getByLabel("Deactivation")).toHaveValue("soon");
    const row = page.locator("table.data-table tbody tr", { hasText: email });
    await expect(row.getByTestId("deactivates-in")).toHaveText("Deactivates in 5 days");
    // Everyone the filter keeps is due within 14 days.
    for (const text of await page.getByTestId("deactivates-in").allTextContents())
      expect(text).toMatch(/^Deactivates (in (\d|1[0-4]) days?|today)$/);

    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/view/);
    // The address changes a moment before the user's page replaces the list (two badges there).
    await expect(page.getByTestId("deactivates-in")).toHaveCount(1);
    await expect(page.getByTestId("deactivates-in")).toHaveText("Deactivates in 5 days");
    // A day in the past is refused with a message; what was typed stays.
    await page.getByLabel("Exempt until").fill("2020-01-01");
    await page.getByLabel("Reason for the exemption").fill("Seasonal harvest crew");
    await page.getByRole("button", { name: "Exempt", exact: true }).click();
    await expect(page.getByText("Choose a day after today.")).toBeVisible();
    await expect(page.getByLabel("Reason for the exemption")).toHaveValue("Seasonal harvest crew");

    const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Exempt until").fill(until);
    await page.getByRole("button", { name: "Exempt", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Exemption saved." })).toBeVisible();
    await expect(page.getByTestId("exempt-now")).toContainText("Seasonal harvest crew");
    await expect(page.getByTestId("deactivates-in")).toHaveCount(0);

    await page.goto("/admin/users?deactivation=soon");
    await expect(page.locator("table.data-table tbody tr", { hasText: email })).toHaveCount(0);

    // Ending the exemption brings the warning back.
    await page.goBack();
    await page.getByRole("button", { name: "End exemption" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Exemption ended." })).toBeVisible();
    await expect(page.getByTestId("deactivates-in")).toHaveText("Deactivates in 5 days");
  });

  test("axe finds nothing on a user's page with the auto-deactivation panel", async ({ page }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    await signInShared(page, "admin@example.com", "/");
    // Whether the other test has it exempt at the moment or not, the panel is there.
    await page.goto(`/admin/users?q=${encodeURIComponent(DORMANT["js-on"])}`);
    await page.locator("table.data-table tbody tr", { hasText: DORMANT["js-on"] }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/view/);
    await expect(page.getByRole("heading", { name: "Auto-deactivation" })).toBeVisible();
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
