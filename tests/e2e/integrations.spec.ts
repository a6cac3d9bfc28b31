import { expect, test, type Page } from "@playwright/test";
import { E2E_PUSH_TARGET } from "../../playwright.config";
import type { ReceivedPush } from "../support/push-target";
import { exportedCsv, signInShared, axeOn } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** What the e2e suite's downstream target has received so far. */
async function received(page: Page): Promise<ReceivedPush[]> {
  return (await page.request.get(`${E2E_PUSH_TARGET}/_received`)).json();
}

test.describe("issue #15 §3: force resync and the integration status", () => {
  test("force resync reaches the downstream target, signed; the status tab shows the target up to date", async ({
    page,
  }) => {
    // One user per project, so the two projects' pushes cannot be taken for each other.
    const [email, name] = jsOn() ? ["dealer@example.com", "Dana Reyes"] : ["employee@example.com", "Erin Walsh"];
    await signInShared(page, "admin@example.com", `/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: `View ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const before = (await received(page)).length;

    await page.getByRole("button", { name: "Force resync" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Force resync" })).toHaveText(
      "Force resync request sent successfully",
    );
    await expect
      .poll(async () =>
        (await received(page))
          .slice(before)
          .some(
            (push) =>
              push.signed &&
              push.status === 204 &&
              (push.body.identity as { email?: string } | undefined)?.email === email,
          ),
      )
      .toBe(true);

    await page
      .getByRole("navigation", { name: "User details" })
      .getByRole("link", { name: "Integration status" })
      .click();
    await expect(page).toHaveURL(/\/view\/integrations$/);
    const row = page.getByRole("row", { name: /dms/ });
    await expect(row).toContainText("DMS");
    await expect(row).toContainText("Up to date");
    await expect(row.locator("time")).toHaveCount(1);
  });

  test("a user without the edit feature sees no Force resync, and a forged post is refused", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/admin/users?q=dana");
    await page.getByRole("link", { name: "View Dana Reyes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dana Reyes");
    await expect(page.getByRole("button", { name: "Force resync" })).toHaveCount(0);
    const answer = await page.request.post(page.url(), {
      form: { intent: "resync" },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toContain("/access-denied");
  });
});

test.describe("issue #15 §3: the integration error report", () => {
  test("the admin filters by serial number and dates in the URL, sorts, and opens the user from a row", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const menu = page.getByTestId("admin-menu");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Integration errors" }).click();
    await expect(page).toHaveURL(/\/admin\/integration-errors$/);
    await expect(page).toHaveTitle("Integration errors | Vantor");
    await expect(page.getByText(/^\d+ errors?$/)).toBeVisible();
    // Newest first.
    const dates = page.locator("table.data-table tbody tr td:first-child time");
    const shown = await dates.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("datetime")!));
    expect(shown).toEqual([...shown].sort().reverse());

    await page.getByLabel("Serial number", { exact: true }).fill("SN-1002");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/serialNumber=SN-1002/);
    await expect(page.getByText("2 errors")).toBeVisible();
    await expect(page.locator("table.data-table tbody tr td:nth-child(3)")).toHaveText(["SN-1002", "SN-1002"]);

    // A day range that holds nothing; then an end before the start is refused, with the text kept.
    await page.goto("/admin/integration-errors?serialNumber=SN-1002&from=2020-01-01&to=2020-01-31");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    await page.goto("/admin/integration-errors?from=2026-03-10&to=2026-03-01&organizationId=abc");
    await expect(page.getByLabel("Error date to")).toHaveValue("2026-03-01");
    await expect(page.getByText("The end date must not be before the start date")).toBeVisible();
    await expect(page.getByLabel("Organization id")).toHaveValue("abc");
    await expect(page.getByText("Value must be numeric")).toBeVisible();

    await page.goto("/admin/integration-errors?serialNumber=SN-1002");
    await page.getByRole("link", { name: "Target id" }).click();
    await expect(page).toHaveURL(/sortBy=targetId&sortType=asc/);
    await expect(page).toHaveURL(/serialNumber=SN-1002/);
    await page.getByRole("link", { name: "Integration status of user SN-1002" }).first().click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/view\/integrations$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dana Reyes");
  });

  test("an organization's error links to that organization's audit log", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/integration-errors?sortBy=integrationType&sortType=desc");
    const link = page.getByRole("link", { name: /^Audit log of organization \d+$/ }).first();
    const id = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/audit/organizations\\?q=${id}$`));
    await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  });

  test("the CSV export holds the filtered report", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/integration-errors?serialNumber=SN-1002");
    const { header, rows } = await exportedCsv(page);
    expect(header).toEqual([
      "Error date",
      "Organization id",
      "Serial number",
      "Integration type",
      "Target type",
      "Target id",
      "Function name",
      "Log group",
      "Log stream",
      "Error",
      "Last modified",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row[2] === "SN-1002" && row[3] === "IDENTITY")).toBe(true);
  });

  test("another dealer's errors are not there; a dealer is refused the report and its export", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, "admin@example.com", "/admin/integration-errors?serialNumber=SN-1004");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const dealer = await context.newPage();
    await signInShared(dealer, "dealer@example.com", "/admin/integration-errors");
    await expect(dealer).toHaveURL(/\/access-denied\?from=%2Fadmin%2Fintegration-errors$/);
    expect((await dealer.request.get("/admin/integration-errors.csv", { maxRedirects: 0 })).status()).toBe(302);
    await context.close();
  });

  test("axe finds nothing on the report with a refused filter, nor on the integration status tab", async ({ page }) => {
    test.skip(!jsOn(), "axe runs with JavaScript");
    await signInShared(page, "admin@example.com", "/admin/integration-errors?from=nope");
    expect((await axeOn(page)).violations).toEqual([]);
    await page.goto("/admin/users?q=dana");
    await page.getByRole("link", { name: "View Dana Reyes" }).click();
    await page
      .getByRole("navigation", { name: "User details" })
      .getByRole("link", { name: "Integration status" })
      .click();
    await expect(page.getByRole("row", { name: /dms/ })).toBeVisible();
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
