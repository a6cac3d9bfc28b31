import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { E2E_MAIL_DIR } from "../../playwright.config";
import { IDENTITY_COLUMNS, ORGANIZATION_COLUMNS } from "../../app/imports/columns";
import { mailsTo, verificationLinkIn } from "../support/mail-sink";
import { IMPORTERS } from "./fixture-accounts";
import { ready, signIn, signInShared, axeOn } from "./helpers";

type Project = keyof typeof IMPORTERS;
const importer = () => IMPORTERS[test.info().project.name as Project];
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const PAGE = "/admin/wsr-bulk-assignments";

/** The template's CSV, downloaded as a user does: its header and its example row (the importer's location and role). */
async function csvTemplate(page: Page): Promise<Record<string, string>> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the CSV template" }).click();
  const file = await (await download).path();
  const [header, example] = parse(await readFile(file, "utf8"), { bom: true }) as string[][];
  expect(header).toEqual([...IDENTITY_COLUMNS]);
  return Object.fromEntries(header.map((column, index) => [column, example[index]]));
}

/** A CSV of rows in the template's columns. */
function csvOf(rows: Record<string, string>[]): Buffer {
  const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
  return Buffer.from(
    [IDENTITY_COLUMNS.join(","), ...rows.map((row) => IDENTITY_COLUMNS.map((c) => cell(row[c] ?? "")).join(","))].join(
      "\n",
    ),
  );
}

async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByLabel("File (CSV or XLSX)").setInputFiles(files);
  await page.getByRole("button", { name: "Check file" }).click();
}

test.describe("issue #17: bulk import of identities (WSR Bulk Assignment)", () => {
  test("the templates download with the documented columns; the Excel one lists the administrator's locations and roles", async ({
    page,
  }) => {
    await signInShared(page, importer().email, PAGE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("WSR Bulk Assignment");
    await expect(page).toHaveTitle(/^WSR Bulk Assignment \| /);
    const example = await csvTemplate(page);
    expect(example.email).toBe("jamie.doe@example.com");
    expect(example.securityRoles).not.toBe("");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the Excel template" }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Users", "Locations", "Security roles"]);
    expect((workbook.getWorksheet("Users")!.getRow(1).values as unknown[]).slice(1)).toEqual([...IDENTITY_COLUMNS]);
    expect(workbook.getWorksheet("Locations")!.getRow(2).values).toEqual([
      undefined,
      Number(example.locationIds),
      importer().location,
    ]);
  });

  test("a second file at once and a file that is not CSV or XLSX (by content, whatever its name) get the spec's messages", async ({
    page,
  }) => {
    await signInShared(page, importer().email, PAGE);
    const csv = { name: "a.csv", mimeType: "text/csv", buffer: csvOf([]) };
    await upload(page, [csv, { ...csv, name: "b.csv" }]);
    await expect(page.getByText("You can only upload 1 item at the time")).toBeVisible();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    await upload(page, [{ name: "people.csv", mimeType: "text/csv", buffer: png }]);
    await expect(page.getByText("Invalid File Type")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    if (jsOn()) expect((await axeOn(page)).violations).toEqual([]);
  });

  test("a file with errors shows each one by row and column, cannot be imported, and writes nothing", async ({
    page,
  }) => {
    await signInShared(page, importer().email, PAGE);
    const example = await csvTemplate(page);
    const project = test.info().project.name;
    const good = { ...example, email: `faulty-good-${project}@example.com`, firstName: "Gus", lastName: "Good" };
    await upload(page, [
      {
        name: "faulty.csv",
        mimeType: "text/csv",
        buffer: csvOf([
          good,
          { ...example, email: "not an address", firstName: "Nia" },
          { ...example, email: `faulty-bad-${project}@example.com`, lastName: "", locationIds: "999999" },
        ]),
      },
    ]);
    await expect(page).toHaveURL(new RegExp(`${PAGE}/\\d+$`));
    await expect(page.getByText("3 rows: 1 to create, 0 to update, 0 unchanged.")).toBeVisible();
    const problems = page.getByTestId("import-problem");
    await expect(problems).toHaveCount(3);
    await expect(problems.nth(0)).toHaveText(/^3\s*email\s*Value is not a valid email address$/);
    await expect(problems.nth(1)).toHaveText(/^4\s*lastName\s*Value is required$/);
    await expect(problems.nth(2)).toHaveText(/^4\s*locationIds\s*Location 999999 does not exist\.$/);
    await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);
    if (jsOn()) expect((await axeOn(page)).violations).toEqual([]);
    await page.goto(`/admin/users?q=${encodeURIComponent(good.email)}`);
    await expect(page.locator("table.data-table")).toHaveCount(0);
  });

  test("a good file imports as a job with progress; its users are in the users list, and one verifies and signs in", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, importer().email, PAGE);
    const example = await csvTemplate(page);
    const project = test.info().project.name;
    const emails = [`imported-a-${project}@example.com`, `imported-b-${project}@example.com`];
    await upload(page, [
      {
        name: "people.csv",
        mimeType: "text/csv",
        buffer: csvOf([
          { ...example, email: emails[0], firstName: "Ines", lastName: "Imported", preferredLanguage: "en" },
          { ...example, email: emails[1], firstName: "Ivo", lastName: "Imported", phoneMobile: "" },
        ]),
      },
    ]);
    await expect(page.getByText("2 rows: 2 to create, 0 to update, 0 unchanged.")).toBeVisible();
    await expect(page.getByText("The file is ready.")).toBeVisible();
    await page.getByRole("button", { name: "Import" }).click();
    // JavaScript polls; without it the page refreshes itself until the job is done.
    await expect(page.getByText("Import complete: 2 created, 0 updated, 0 unchanged.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId("import-created")).toHaveCount(2);
    if (jsOn()) expect((await axeOn(page)).violations).toEqual([]);
    await page.getByRole("link", { name: emails[1] }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/view/);
    await expect(page.locator(".notice").first()).toHaveText("Awaiting verification");

    await page.goto(`/admin/users?q=${encodeURIComponent(`imported-a-${project}`)}`);
    await expect(page.locator("table.data-table")).toContainText(emails[0]);

    // The same file again: nothing to import.
    await page.goto(PAGE);
    await expect(page.getByRole("link", { name: "people.csv" }).first()).toBeVisible();

    // The imported user's verification e-mail went through the queue to the SMTP server.
    await expect.poll(() => mailsTo(E2E_MAIL_DIR, emails[0]).length, { timeout: 15_000 }).toBe(1);
    const link = new URL(verificationLinkIn(mailsTo(E2E_MAIL_DIR, emails[0])[0].text)!);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const newcomer = await context.newPage();
    try {
      await newcomer.goto(link.pathname);
      await ready(newcomer);
      await newcomer.getByLabel("New password").fill("Bulk#Import26");
      await newcomer.getByLabel("Confirm password").fill("Bulk#Import26");
      await newcomer.getByRole("button", { name: "Verify and set password" }).click();
      await expect(newcomer).toHaveURL(/\/verify-email\/done$/);
      await signIn(newcomer, emails[0], "/", { password: "Bulk#Import26", javaScript: jsOn() });
      await expect(newcomer).not.toHaveURL(/\/signin\//);
      await expect(newcomer.getByRole("heading", { level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("a dealer without the bulk-import feature is refused the screen, its runs and its templates", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", PAGE);
    await expect(page).toHaveURL(/\/access-denied/);
    for (const path of [`${PAGE}/1`, `${PAGE}/template/csv`]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/access-denied/);
    }
  });
});

test.describe("issue #17: bulk import of organizations", () => {
  const ORGS = "/admin/orgs-bulk-assignments";

  test("a file of a dealer and its location imports as a job; errors are shown by row; the organization audit shows the new ones", async ({
    page,
  }) => {
    await signInShared(page, importer().email, ORGS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Organization bulk assignment");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the CSV template" }).click();
    const [header] = parse(await readFile(await (await download).path(), "utf8"), { bom: true }) as string[][];
    expect(header).toEqual([...ORGANIZATION_COLUMNS]);

    const suffix = test.info().project.name.toUpperCase();
    const cells = (row: string[]) => row.map((cell) => `"${cell}"`).join(",");
    const file = (rows: string[][]) => ({
      name: "organizations.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([ORGANIZATION_COLUMNS.join(","), ...rows.map(cells)].join("\n")),
    });
    const location = [
      `E2E-L-${suffix}`,
      `Imported Location ${suffix}`,
      "location",
      "1",
      "NA",
      `E2E-D-${suffix}`,
      "1 Main St",
    ];
    const dealer = [`E2E-D-${suffix}`, `Imported Dealer ${suffix}`, "dealer", "1", "NA", "", ""];

    await upload(page, [file([location, [...dealer.slice(0, 3), "3", "NA", "", ""]])]);
    // The dealer's row is refused, so the location's parent is not a dealer of the file either.
    await expect(page.getByTestId("import-problem")).toHaveText([
      new RegExp(
        `^2\\s*parentId\\s*Parent E2E-D-${suffix} is neither a dealer in this file nor an existing dealer\\.$`,
      ),
      /^3\s*brand\s*Brand 3 is not one of your brands\.$/,
    ]);
    await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);

    await page.goto(ORGS);
    await upload(page, [file([location, dealer])]);
    await expect(page.getByText("2 rows: 2 to create, 0 to update, 0 unchanged.")).toBeVisible();
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByText("Import complete: 2 created, 0 updated, 0 unchanged.")).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole("link", { name: `E2E-L-${suffix}` }).click();
    await expect(page).toHaveURL(/\/admin\/audit\/organizations\?q=\d+/);
    await expect(page.locator("table.data-table")).toContainText(`Imported Location ${suffix}`);
  });
});
