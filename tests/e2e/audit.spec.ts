import { expect, test } from "@playwright/test";
import { E2E_PUSH_TARGET } from "../../playwright.config";
import type { ReceivedPush } from "../support/push-target";
import { exportedCsv, signInShared, axeOn } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const operations = (page: import("@playwright/test").Page) => page.locator("table.data-table tbody tr td:nth-child(3)");
const fields = (page: import("@playwright/test").Page) => page.locator("table.data-table tbody tr td:nth-child(4)");

test.describe("issue #15 §4: the audit edit history", () => {
  test("a sign-in is audited as a last-login change; 'exclude last logins' hides it; the filters live in the URL", async ({
    page,
  }) => {
    await signInShared(page, "auditor@example.com", "/admin/audit/users?q=auditor%40example.com");
    await expect(page).toHaveTitle("User audit log | Vantor");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("User audit log");
    // Newest first: this very sign-in.
    await expect(fields(page).first()).toHaveText("lastLoginAt");
    await expect(operations(page).first()).toHaveText("Changed");
    await expect(page.locator("table.data-table tbody tr").first()).toContainText("Riley Chen");

    await page.getByLabel("Exclude last logins").check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/excludeLastLogins=1/);
    await expect(page.getByLabel("Exclude last logins")).toBeChecked();
    await expect(fields(page).filter({ hasText: "lastLoginAt" })).toHaveCount(0);

    // A day range, an operation, and a refused end date that keeps what was typed.
    await page.goto("/admin/audit/users?operation=delete&from=2020-01-01&to=2020-01-02");
    await expect(page.getByLabel("Operation")).toHaveValue("delete");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    await page.goto("/admin/audit/users?from=2026-02-10&to=2026-02-01");
    await expect(page.getByLabel("Changed on to")).toHaveValue("2026-02-01");
    await expect(page.getByText("The end date must not be before the start date")).toBeVisible();
  });

  test("an edit shows its field with old and new value, by whom; sorting keeps the filters; the export holds the view", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    // The dealer has at least one entry besides sign-ins: a resync asked for through the API.
    const list = await (await page.request.get("/api/v2/admin/users?q=dana")).json();
    const resync = await page.request.post(`/api/v2/admin/users/${list.data.items[0].id}/resync`, { data: {} });
    expect(resync.status()).toBe(200);
    await page.goto("/admin/audit/users?q=dealer%40example.com&excludeLastLogins=1");
    await page.getByRole("link", { name: "Audit id" }).click();
    await expect(page).toHaveURL(/sortBy=id&sortType=asc/);
    await expect(page).toHaveURL(/excludeLastLogins=1/);
    await expect(page).toHaveURL(/q=dealer/);
    // The URL changes before the page re-renders: the export link must be the sorted page's.
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /sortBy=id&sortType=asc/);
    const { header, rows } = await exportedCsv(page);
    expect(header).toEqual([
      "Audit id",
      "User",
      "Operation",
      "Field",
      "Old value",
      "New value",
      "Changed on",
      "Changed by",
    ]);
    expect(rows.every((row) => row[1] === "dealer@example.com" && row[3] !== "lastLoginAt")).toBe(true);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  test("force resync from a user's row reaches the target; the auditor (read only) has no such button", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = jsOn() ? "auditor@example.com" : "employee@example.com";
    await signInShared(page, "admin@example.com", "/");
    // The user has a row in the history whatever ran before: a resync through the API, received first.
    const pushesOf = async () =>
      ((await (await page.request.get(`${E2E_PUSH_TARGET}/_received`)).json()) as ReceivedPush[]).filter(
        (push) => (push.body.identity as { email?: string } | undefined)?.email === email,
      ).length;
    const found = await (await page.request.get(`/api/v2/admin/users?q=${encodeURIComponent(email)}`)).json();
    const earlier = await pushesOf();
    expect(
      (await page.request.post(`/api/v2/admin/users/${found.data.items[0].id}/resync`, { data: {} })).status(),
    ).toBe(200);
    await expect.poll(pushesOf).toBeGreaterThan(earlier);
    const before = await pushesOf();
    await page.goto(`/admin/audit/users?q=${encodeURIComponent(email)}`);
    await page
      .getByRole("button", { name: /^Force resync of / })
      .first()
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Force resync" })).toHaveText(
      "Force resync request sent successfully",
    );
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
    await expect.poll(pushesOf).toBeGreaterThan(before);
    // The resync is history too.
    await page.goto(`/admin/audit/users?q=${encodeURIComponent(email)}&operation=resync`);
    await expect(operations(page).first()).toHaveText("Resync requested");

    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const auditor = await context.newPage();
    await signInShared(auditor, "auditor@example.com", "/admin/audit/users");
    await expect(auditor.getByRole("heading", { level: 1 })).toHaveText("User audit log");
    await expect(auditor.getByRole("button", { name: /^Force resync of / })).toHaveCount(0);
    await context.close();
  });

  test("the organization view needs audit:orgs:read; a dealer is refused both views and their exports", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, "admin@example.com", "/admin/audit/organizations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Organization audit log");
    await expect(page.getByRole("columnheader", { name: "Organization" })).toBeVisible();
    // The demo's history: the admin's locations created by the system, their names corrected later.
    await page.goto("/admin/audit/organizations?operation=update");
    await expect(fields(page).first()).toHaveText("name");
    await expect(page.locator("table.data-table tbody tr").first()).toContainText("System");

    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const other = await context.newPage();
    await signInShared(other, "auditor@example.com", "/admin/audit/organizations");
    await expect(other).toHaveURL(/\/access-denied\?from=%2Fadmin%2Faudit%2Forganizations$/);
    await context.close();

    const dealerContext = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const dealer = await dealerContext.newPage();
    await signInShared(dealer, "dealer@example.com", "/admin/audit/users");
    await expect(dealer).toHaveURL(/\/access-denied/);
    for (const path of ["/admin/audit/users.csv", "/admin/audit/organizations.csv"]) {
      expect((await dealer.request.get(path, { maxRedirects: 0 })).status(), path).toBe(302);
    }
    expect((await dealer.request.get("/admin/audit/elsewhere", { maxRedirects: 0 })).status()).toBe(404);
    await dealerContext.close();
  });

  test("axe finds nothing on the user audit log with its filters", async ({ page }) => {
    test.skip(!jsOn(), "axe runs with JavaScript");
    await signInShared(page, "admin@example.com", "/admin/audit/users?from=bad");
    await expect(page.getByText("The value is not a valid date")).toBeVisible();
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
