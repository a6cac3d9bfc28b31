import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test } from "@playwright/test";
import { signInShared, axeOn } from "./helpers";

const rows = (page: import("@playwright/test").Page) => page.locator("table.data-table tbody tr");

test.describe("issue #13 §3: the security roles list", () => {
  test("the admin opens it from the Admin menu, searches, sorts and exports exactly the filtered list", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/admin/applications");
    await page.goto("/admin/security-roles");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security roles");
    await expect(page).toHaveTitle("Security roles | Vantor");

    await page.getByLabel("Search by name or display name").fill("manager");
    await page.getByLabel("Search by name or display name").press("Enter");
    await expect(page).toHaveURL(/q=manager/);
    await expect(rows(page).locator("td:first-child")).toHaveText([
      "OEM network manager",
      "Parts manager",
      "Service manager",
    ]);
    await expect(page.getByText("3 security roles")).toBeVisible();

    await page.getByRole("link", { name: "Display name" }).click();
    await expect(page).toHaveURL(/sortType=desc/);
    await expect(rows(page).locator("td:first-child")).toHaveText([
      "Service manager",
      "Parts manager",
      "OEM network manager",
    ]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const [header, ...exported] = parse(
      (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(header).toEqual(["Display name", "Name", "Features", "Last changed"]);
    expect(exported.map((row) => row[0])).toEqual(["Service manager", "Parts manager", "OEM network manager"]);
    expect(exported.map((row) => row[1])).toEqual(["SERVICE_MANAGER", "PARTS_MANAGER", "OEM_NETWORK_MANAGER"]);

    await page.goto("/admin/security-roles?q=nothing-like-this");
    await expect(page.getByText("No results")).toBeVisible();
  });

  test("a user without the security roles features is refused the list and its export", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/admin/security-roles");
    await expect(page).toHaveURL(/\/access-denied\?from=%2Fadmin%2Fsecurity-roles$/);
    const file = await page.request.get("/admin/security-roles.csv", { maxRedirects: 0 });
    expect(file.status()).toBe(302);
  });

  test("axe finds nothing on the list", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    await signInShared(page, "admin@example.com", "/admin/security-roles");
    await expect(rows(page).first()).toBeVisible();
    expect((await axeOn(page)).violations).toEqual([]);
  });
});

test.describe("issue #13 §3: the permission sets list", () => {
  test("the admin searches, sorts by requirement and exports the filtered list", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/permission-sets");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Permission sets");
    await page.getByLabel("Search by name or display name").fill("warranty");
    await page.getByLabel("Search by name or display name").press("Enter");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Warranty claims");
    await expect(rows(page).first()).toContainText("Required");
    await expect(rows(page).first()).toContainText("Single");
    await expect(rows(page).first()).toContainText("Users of its application");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const [header, ...exported] = parse(
      (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(header).toEqual(["Display name", "Name", "Requirement", "Selection", "Shown for"]);
    expect(exported).toEqual([
      ["Warranty claims", "WARRANTY_CLAIMS", "Required", "Single", "Users of its application"],
    ]);
  });

  test("axe finds nothing on the list", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    await signInShared(page, "admin@example.com", "/admin/permission-sets");
    await expect(rows(page).first()).toBeVisible();
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
