import { expect, test } from "@playwright/test";
import { BRAND3_BASE_URL } from "../../playwright.config";
import { signInShared, axeOn } from "./helpers";

test.describe("help and support", () => {
  test("a dealer sees the administrators of their location and their help desk", async ({ page }) => {
    await signInShared(page, "dealer@example.com", "/");
    await page.getByRole("navigation").getByRole("link", { name: "Support" }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help and support");
    const admin = page.getByTestId("administrator");
    await expect(admin).toHaveCount(1);
    await expect(admin).toContainText("Alex Morgan");
    await expect(admin.getByRole("link", { name: "admin@example.com" })).toHaveAttribute(
      "href",
      "mailto:admin@example.com",
    );
    const desk = page.getByTestId("help-desk");
    await expect(desk).toHaveCount(1);
    await expect(desk).toContainText("North America");
    await expect(desk.getByRole("link", { name: /^\+1/ })).toHaveAttribute("href", /^tel:\+1\d+$/);
  });

  test("SPEC §8: without administrators the page says so and advises the help desk", async ({ page }) => {
    await signInShared(page, "halden@example.com", `${BRAND3_BASE_URL}/support`);
    await expect(page.getByText("No administrators were found for your assigned location(s)")).toBeVisible();
    await expect(page.getByTestId("help-desk")).toContainText("helpdesk-emea@halden.example.com");
  });

  test("the employee (no employee number) is refused with from", async ({ page }) => {
    await signInShared(page, "employee@example.com", "/support");
    await expect(page).toHaveURL(/\/access-denied\?from=%2Fsupport$/);
  });

  test("axe finds nothing on the support page", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    await signInShared(page, "dealer@example.com", "/support");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help and support");
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
