import { expect, test } from "@playwright/test";
import { axeOn, exportedCsv, ready, signInShared } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe("issue #40 §1: the dealer network at a glance", () => {
  test("oem@ opens the dashboard, drills from a brand to a location needing attention, and exports CSV", async ({
    page,
  }) => {
    // The header leads there: the maker's managers have no Admin menu.
    await signInShared(page, "oem@example.com", "/");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Dealer network" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dealer network");
    await expect(page.getByTestId("network-freshness")).toContainText("Figures as of ");
    // The demo network (issue #40 §4): every brand in every region, one row each.
    const rows = page.locator("table.data-table tbody tr");
    await expect(rows).toHaveCount(15);
    await expect(rows.filter({ hasText: "Vantor – North America" })).toHaveCount(1);
    await expect(page.getByRole("img", { name: /Locations with every required contact/ })).toBeVisible();

    // Brand → dealers: Great Plains misses contacts at two of its locations.
    await page.getByRole("link", { name: "Vantor – North America", exact: true }).click();
    await expect(page).toHaveURL(/brandId=1&region=NA/);
    const plains = page.locator("table.data-table tbody tr", { hasText: "Great Plains Equipment" });
    await expect(plains).toContainText("1 of 3");
    await plains
      .getByRole("link", { name: "1 of 3 – Locations of Great Plains Equipment missing a required contact" })
      .click();
    await expect(page.getByRole("heading", { name: "Locations missing a required contact" })).toBeVisible();
    const behind = page.getByTestId("network-location");
    await expect(behind).toHaveCount(2);
    await expect(behind.first()).toContainText("Great Plains Equipment – Lincoln");
    await expect(behind.first()).toContainText("2 of 3 filled");

    // Dealer → locations, and what needs attention there: the role unfilled longest, since when.
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page.getByRole("navigation", { name: "Where you are in the network" })).toContainText(
      "Great Plains Equipment",
    );
    await expect(page.locator("table.data-table tbody tr")).toHaveCount(3);
    await expect(page.getByTestId("network-gaps")).toContainText(
      /Parts at Great Plains Equipment – Lincoln \(Great Plains Equipment\): unfilled since .+ \(21 days\)/,
    );

    // Unfilled for more than 14 days: escalated to the maker (issue #40 §2), and the dashboard says so.
    await expect(page.getByTestId("network-escalated").first()).toContainText("escalated on ");

    const csv = await exportedCsv(page);
    expect(csv.header.slice(0, 4)).toEqual(["Brand", "Region", "Dealer", "Location"]);
    expect(csv.rows.map((row) => row[3])).toEqual([
      "Great Plains Equipment – Lincoln",
      "Great Plains Equipment – Omaha",
      "Great Plains Equipment – Wichita",
    ]);
    expect(csv.rows[0].slice(0, 3)).toEqual(["Vantor", "North America", "Great Plains Equipment"]);
  });

  test("drilling into another brand keeps the portal's theme (the level is brandId=, not the theme's brand=)", async ({
    page,
  }) => {
    await signInShared(page, "oem@example.com", "/admin/network");
    await expect(page.locator(".topbar")).toContainText("Vantor");
    await page.getByRole("link", { name: "Halden – Europe, Middle East and Africa", exact: true }).click();
    await expect(page).toHaveURL(/brandId=3&region=EMEA/);
    await expect(page.getByRole("navigation", { name: "Where you are in the network" })).toContainText("Halden");
    await expect(page.locator(".topbar")).toContainText("Vantor");
    await expect(page.locator(".topbar")).not.toContainText("Halden");
  });

  test("a dealer administrator cannot open the dashboard nor its export", async ({ page }) => {
    await signInShared(page, "principal@example.com", "/admin/network");
    await expect(page).toHaveURL(/\/access-denied\?from=/);
    const csv = await page.request.get("/admin/network.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toMatch(/^\/access-denied\?from=/);
  });

  test("axe finds nothing on the dashboard nor on the locations behind a figure", async ({ page }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    await signInShared(page, "oem@example.com", "/admin/network?brandId=1&region=NA");
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
    await page.goto("/admin/network?brandId=1&region=NA&need=reviewOverdue");
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
