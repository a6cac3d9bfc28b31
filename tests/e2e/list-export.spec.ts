import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { signInShared } from "./helpers";

/** The first cell's text of each row of the list shown. */
async function listedNames(page: Page): Promise<string[]> {
  return (await page.locator("table.data-table tbody tr td:first-child").allInnerTexts()).map((text) =>
    text.split("\n")[0].trim(),
  );
}

/** Clicks the list's CSV export and reads the file: header and rows. */
async function exportedRows(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const text = await readFile((await download.path())!, "utf8");
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return parse(text.replace(/^\uFEFF/, "")) as string[][];
}

test.describe("issue #11 §2: CSV export of the filtered list (admin kit DataTable)", () => {
  test("announcements: the file's rows equal the filtered list's rows; a title starting with = comes out escaped", async ({
    page,
  }, testInfo) => {
    await signInShared(page, "admin@example.com");
    const marker = `csv-${testInfo.project.name}`;
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    for (const title of [`=HYPERLINK("https://evil.example") ${marker}`, `Plain ${marker}`, `+1 ${marker}`]) {
      const created = await page.request.post("/api/v2/announcements", {
        data: {
          title,
          language: "nl",
          priority: "medium",
          linkUrl: "https://example.com/",
          startDate: today,
          expirationDate: later,
          brandIds: [1],
          regionCodes: ["NA"],
        },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto(`/admin?q=${marker}&sortBy=title&sortType=asc`);
    const listed = await listedNames(page);
    expect(listed).toHaveLength(3);
    const [header, ...rows] = await exportedRows(page);
    expect(header[0]).toBe("Title");
    // Formula-like cells are prefixed with an apostrophe; otherwise the file is the list.
    expect(rows.map((row) => row[0].replace(/^'/, ""))).toEqual(listed);
    expect(rows.map((row) => row[0])).toEqual([
      `'+1 ${marker}`,
      `'=HYPERLINK("https://evil.example") ${marker}`,
      `Plain ${marker}`,
    ]);
  });

  test("applications: the export of a search has the searched rows", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/applications?q=warranty");
    const listed = await listedNames(page);
    expect(listed.length).toBeGreaterThan(0);
    const [header, ...rows] = await exportedRows(page);
    expect(header[0]).toBe("Display name");
    expect(rows.map((row) => row[0])).toEqual(listed);
  });

  test("documents: the export follows the subject and the sort", async ({ page }) => {
    // Warranty documents: no other test adds or edits one there, so the list holds still. The
    // employee is shown both (brands 1–5); the admin only their brands' one (issue #30 §2).
    await signInShared(page, "employee@example.com", "/documents?subject=Warranty&sortBy=name&sortType=desc");
    const listed = await listedNames(page);
    expect(listed.length).toBeGreaterThan(1);
    const [, ...rows] = await exportedRows(page);
    expect(rows.map((row) => row[0])).toEqual(listed);
  });
});

test.describe("issue #11 §2: sortable columns keep their state in the URL", () => {
  test("a column header sorts ascending, then descending, back on the first page, the search kept", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/admin/applications?q=parts&page=2");
    await page.getByRole("columnheader", { name: /^Name/ }).getByRole("link").click();
    await expect(page).toHaveURL(/sortBy=name&sortType=asc/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("parts");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    const header = page.getByRole("columnheader", { name: /^Name/ });
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const names = page.locator("table.data-table tbody tr td:nth-child(2)");
    // The admin's brands' parts applications (Brixton's, brand 5, is not theirs: issue #30 §2).
    await expect(names).toHaveText(["VANTOR_PARTS", "VPP_PARTS"]);
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/sortType=desc/);
    await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "descending");
    await expect(names).toHaveText(["VPP_PARTS", "VANTOR_PARTS"]);
  });

  test("moves are offered only in launcher order", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/applications");
    await expect(page.getByRole("button", { name: /to the top/ }).first()).toBeVisible();
    await page.goto("/admin/applications?sortBy=name&sortType=asc");
    await expect(page.getByRole("button", { name: /to the top/ })).toHaveCount(0);
  });
});
