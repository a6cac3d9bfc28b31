import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

const names = (page: Page) => page.locator("table.data-table tbody tr td:first-child");
const emails = (page: Page) => page.locator("table.data-table tbody tr td:nth-child(2)");

test.describe("issue #14 §1–2: the users list", () => {
  test("the admin sees the users of the admin's own locations only, searches, filters and sorts", async ({ page }) => {
    await signIn(page, "admin@example.com", "/");
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    await expect(page).toHaveTitle("Users | Vantor");
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    // Halden's only location is not the admin's: that user is not there at all.
    await page.goto("/admin/users?q=hugo");
    await expect(page.getByText("No results")).toBeVisible();
    await page.goto("/admin/users");

    await page.getByLabel("Search by name, e-mail, job title or location").fill("dana");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=dana/);
    await expect(emails(page)).toHaveText(["dealer@example.com"]);
    await expect(page.getByText("1 users")).toBeVisible();

    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?sortBy=name&sortType=asc$/);
    await expect(page.getByLabel("Search by name, e-mail, job title or location")).toHaveValue("");
    await page.getByLabel("User type").selectOption("internal");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/userType=internal/);
    await expect(emails(page)).toHaveText(["employee@example.com"]);
    await expect(page.getByLabel("User type")).toHaveValue("internal");

    await page.goto("/admin/users?kind=administrator");
    await expect(emails(page)).toHaveText(["admin@example.com"]);
    await page.goto("/admin/users?status=inactive");
    await expect(page.getByText("No results")).toBeVisible();

    await page.goto("/admin/users?sortBy=email&sortType=desc");
    await expect(emails(page).first()).toHaveText("roleprobe@example.com");
    await page.getByRole("link", { name: "E-mail" }).click();
    await expect(page).toHaveURL(/sortBy=email&sortType=asc/);
    await expect(emails(page).first()).toHaveText("admin@example.com");
    await expect(names(page).first()).toBeVisible();
  });

  test("the CSV export holds exactly the filtered list, scoped like the screen", async ({ page }) => {
    await signIn(page, "admin@example.com", "/admin/users?userType=external&sortBy=email");
    const shown = await emails(page).allTextContents();
    const total = Number((await page.getByText(/^\d+ users$/).textContent())!.split(" ")[0]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const [header, ...rows] = parse(
      (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, ""),
    ) as string[][];
    expect(header).toEqual(["Name", "E-mail", "Job title", "Location", "Last login", "Status", "User type", "Role"]);
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, shown.length).map((row) => row[1])).toEqual(shown);
    expect(rows.every((row) => row[6] === "External")).toBe(true);
    expect(rows.map((row) => row[1])).not.toContain("halden@example.com");
  });

  test("the auditor reads the list of the auditor's location; a dealer is refused the list and its export", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, "auditor@example.com", "/admin/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    await expect(emails(page)).toContainText(["auditor@example.com"]);

    const context = await browser.newContext({ baseURL });
    const dealer = await context.newPage();
    await signIn(dealer, "dealer@example.com", "/admin/users", {
      javaScript: test.info().project.use.javaScriptEnabled !== false,
    });
    await expect(dealer).toHaveURL(/\/access-denied\?from=%2Fadmin%2Fusers$/);
    const file = await dealer.request.get("/admin/users.csv", { maxRedirects: 0 });
    expect(file.status()).toBe(302);
    await context.close();
  });

  test("axe finds nothing on the list with its filters", async ({ page }) => {
    test.skip(test.info().project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    await signIn(page, "admin@example.com", "/admin/users?status=active");
    await expect(emails(page).first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
