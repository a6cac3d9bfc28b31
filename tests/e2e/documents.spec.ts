import { expect, test, type Page } from "@playwright/test";
import { BRAND3_BASE_URL } from "../../playwright.config";
import { expectNoAxeViolations, ready, signInShared } from "./helpers";

/** A small real PDF (the seed's builder) and a PNG, as a user would pick them. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const uploadSection = (page: Page) => page.getByRole("region", { name: "Upload a document" });

/** Fills the upload form; the name is per project, so the JS-on and JS-off runs never meet. */
async function fillUpload(page: Page, name: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const form = uploadSection(page);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill("Serial numbers to check before delivery");
  await form.getByLabel("Subject").selectOption("Service");
  await form.getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true }).check();
  await form.getByRole("group", { name: "Regions" }).getByLabel("North America").check();
  await form.getByLabel("File", { exact: true }).setInputFiles(files);
  await form.getByLabel("Description").blur();
}

async function uploadPdf(page: Page, name: string) {
  await fillUpload(page, name, [{ name: "recall.pdf", mimeType: "application/pdf", buffer: PDF }]);
  await uploadSection(page).getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("The document has been uploaded.");
  await page.getByRole("dialog", { name: "Saved" }).getByRole("link", { name: "Close" }).last().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** A document's download link, from a search for its name (it may be on any page of the list). */
async function downloadHrefOf(page: Page, name: string): Promise<string> {
  await page.goto(`/documents?q=${encodeURIComponent(name)}`);
  return (await page.getByRole("link", { name: `Download ${name}` }).getAttribute("href"))!;
}

test.describe("documents library", () => {
  test("a user downloads a document: the file comes with its content type, a safe name and its body", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", "/documents");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents");
    const row = page.getByTestId("document-row").filter({ hasText: "Warranty claim guide" });
    await expect(row).toContainText("Warranty");
    await expect(row).toContainText("PDF");
    await expect(row).toContainText(/\d+(\.\d)? kB|\d+ byte/);
    const link = row.getByRole("link", { name: "Download Warranty claim guide" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("warranty-claim-guide.pdf");

    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(
      `attachment; filename="warranty-claim-guide.pdf"; filename*=UTF-8''warranty-claim-guide.pdf`,
    );
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.toString("latin1")).toContain("(Warranty claim guide) Tj");
    expect(Number(response.headers()["content-length"])).toBe(body.length);
  });

  test("another brand's document id gives 404, as an unknown id; its user sees it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    const context = await browser.newContext({ baseURL });
    const halden = await context.newPage();
    await signInShared(halden, "halden@example.com", `${BRAND3_BASE_URL}/documents`, { javaScript });
    const href = await halden.getByRole("link", { name: "Download Halden excavator brochure" }).getAttribute("href");
    expect(href).toMatch(/^\/documents\/\d+\/download$/);
    await expect(halden.getByText("Warranty claim guide")).toHaveCount(0);
    await context.close();

    await signInShared(page, "dealer@example.com", "/documents");
    await expect(page.getByText("Halden excavator brochure")).toHaveCount(0);
    expect((await page.request.get(href!)).status()).toBe(404);
    expect((await page.request.get("/documents/999999/download")).status()).toBe(404);
    expect((await page.request.get("/documents/abc/download")).status()).toBe(404);
  });

  test("subject tabs and search work with links and a GET form; nothing found shows the spec's text", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", "/documents");
    await page.getByRole("navigation", { name: "Subjects" }).getByRole("link", { name: "Warranty" }).click();
    await expect(page).toHaveURL(/subject=Warranty/);
    await expect(page.getByTestId("document-row")).toHaveCount(1);
    await expect(page.getByTestId("document-row")).toContainText("Warranty claim guide");
    await page.getByRole("navigation", { name: "Subjects" }).getByRole("link", { name: "All" }).click();
    await expect(page).not.toHaveURL(/subject=/);
    await expect(page.getByTestId("document-row")).not.toHaveCount(1);
    await ready(page);
    await page.getByLabel("Search by name or description").fill("price list");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=price/);
    await expect(page.getByTestId("document-row")).toHaveCount(1);
    await expect(page.getByTestId("document-row")).toContainText("Spring parts price list");
    await page.goto("/documents?subject=Marketing&q=zzz-nothing");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
  });

  test("admin uploads a PDF; a user of its brand and region finds and downloads it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const name = `Recall bulletin ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await uploadPdf(page, name);
    const row = page.getByTestId("document-row").filter({ hasText: name });
    await expect(row).toContainText("Service");
    await expect(row).toContainText("Vantor");

    const context = await browser.newContext({ baseURL });
    const dealer = await context.newPage();
    await signInShared(dealer, "dealer@example.com", `/documents?q=${encodeURIComponent(name)}`, {
      javaScript: testInfo.project.use.javaScriptEnabled !== false,
    });
    const href = await dealer.getByRole("link", { name: `Download ${name}` }).getAttribute("href");
    const response = await dealer.request.get(href!);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(await response.body()).toEqual(PDF);
    await context.close();
  });

  test("a wrong type is refused with the spec's message: nothing changes and what was typed stays", async ({
    page,
  }, testInfo) => {
    const name = `Loose notes ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await fillUpload(page, name, [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some text") },
    ]);
    await uploadSection(page).getByRole("button", { name: "Upload" }).click();
    await expect(uploadSection(page).getByText("Invalid File Type")).toBeVisible();
    await expect(uploadSection(page).getByText("Please correct the errors marked")).toBeVisible();
    await expect(uploadSection(page).getByLabel("Name")).toHaveValue(name);
    await expect(uploadSection(page).getByLabel("Description")).toHaveValue("Serial numbers to check before delivery");
    await expect(uploadSection(page).getByLabel("Subject")).toHaveValue("Service");
    await expect(
      uploadSection(page).getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true }),
    ).toBeChecked();
    await expect(uploadSection(page).getByRole("group", { name: "Regions" }).getByLabel("North America")).toBeChecked();

    // A PDF renamed from another format is refused the same way: the content is checked, not the name.
    await uploadSection(page)
      .getByLabel("File", { exact: true })
      .setInputFiles([{ name: "disguised.pdf", mimeType: "application/pdf", buffer: PNG }]);
    // The message from the first refusal is still shown: wait for this post's own answer.
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await uploadSection(page).getByRole("button", { name: "Upload" }).click();
    expect((await refused).status()).toBe(400);
    await expect(uploadSection(page).getByText("Invalid File Type")).toBeVisible();

    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
  });

  test("two files at once are refused: one item at a time", async ({ page }, testInfo) => {
    const name = `Two at once ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await fillUpload(page, name, [
      { name: "a.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "b.png", mimeType: "image/png", buffer: PNG },
    ]);
    await uploadSection(page).getByRole("button", { name: "Upload" }).click();
    await expect(uploadSection(page).getByText("You can only upload 1 item at the time")).toBeVisible();
    await expect(uploadSection(page).getByLabel("Name")).toHaveValue(name);
    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
  });

  test("a file over 20 MB is refused with a clear message, typed values kept", async ({ page }, testInfo) => {
    // 20 MB through the browser and the server: on a busy 2-core machine this alone can take over 30 s.
    test.slow();
    const name = `Huge scan ${testInfo.project.name}`;
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1);
    PDF.copy(huge);
    await signInShared(page, "admin@example.com", "/documents");
    await fillUpload(page, name, [{ name: "scan.pdf", mimeType: "application/pdf", buffer: huge }]);
    await uploadSection(page).getByRole("button", { name: "Upload" }).click();
    await expect(uploadSection(page).getByText("The file is larger than 20 MB")).toBeVisible();
    await expect(uploadSection(page).getByLabel("Name")).toHaveValue(name);
    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
  });

  test("admin replaces a document's file", async ({ page }, testInfo) => {
    const name = `Replaceable sheet ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await uploadPdf(page, name);
    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await ready(page);
    await page.getByRole("link", { name: `Replace the file of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Replace file" });
    await expect(dialog).toContainText("Current file: recall.pdf");
    await dialog
      .getByLabel("File", { exact: true })
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") }]);
    await dialog.getByRole("button", { name: "Replace file" }).click();
    await expect(dialog.getByText("Invalid File Type")).toBeVisible();
    await dialog
      .getByLabel("File", { exact: true })
      .setInputFiles([{ name: "diagram.png", mimeType: "image/png", buffer: PNG }]);
    await dialog.getByRole("button", { name: "Replace file" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("The file has been replaced.");
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, "(%20|\\+)")}`));
    await expect(page.getByTestId("document-row").filter({ hasText: name })).toContainText("PNG");
  });

  test("admin edits a document's details; a cleared name is refused and what was typed stays", async ({
    page,
  }, testInfo) => {
    const name = `Editable leaflet ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await uploadPdf(page, name);
    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await ready(page);
    await page.getByRole("link", { name: `Edit the details of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit details" });
    await expect(dialog.getByLabel("Name")).toHaveValue(name);
    await dialog.getByLabel("Description").fill("Typed before the error");
    await dialog.getByLabel("Name").fill("");
    await dialog.getByLabel("Name").blur();
    await dialog.getByRole("button", { name: "Save details" }).click();
    await expect(dialog.getByText("Value is required")).toBeVisible();
    await expect(dialog.getByLabel("Description")).toHaveValue("Typed before the error");

    await dialog.getByLabel("Name").fill(`${name} (revised)`);
    await dialog.getByLabel("Subject").selectOption("Marketing");
    await dialog.getByLabel("Name").blur();
    await dialog.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("The document's details have been saved.");
    const row = page.getByTestId("document-row").filter({ hasText: `${name} (revised)` });
    await expect(row).toContainText("Marketing");
    await expect(row).toContainText("Typed before the error");
  });

  test("admin deletes a document after a confirmation", async ({ page }, testInfo) => {
    const name = `Short-lived sheet ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/documents");
    await uploadPdf(page, name);
    await page.goto(`/documents?q=${encodeURIComponent(name)}`);
    await ready(page);
    const href = await page.getByRole("link", { name: `Download ${name}` }).getAttribute("href");
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete document" });
    await expect(confirm).toContainText(name);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId("document-row").filter({ hasText: name })).toHaveCount(1);
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page
      .getByRole("dialog", { name: "Delete document" })
      .getByRole("button", { name: "Delete document" })
      .click();
    await expect(page.getByRole("dialog", { name: "Deleted" })).toContainText("The document has been deleted.");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    expect((await page.request.get(href!)).status()).toBe(404);
  });

  test("a user without admin:documents:write sees no upload controls, and forged posts are refused", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", "/documents?confirmDelete=1&replace=1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents");
    await expect(page.getByRole("region", { name: "Upload a document" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Replace the file of / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const href = await downloadHrefOf(page, "Warranty claim guide");
    const id = href.split("/")[2];
    const file = { name: "f.pdf", mimeType: "application/pdf", buffer: PDF };
    const forgedPosts: Parameters<typeof page.request.post>[1][] = [
      { form: { intent: "delete", id } },
      { multipart: { intent: "upload", name: "Forged", subject: "General", brandIds: "1", regionCodes: "NA", file } },
      { multipart: { intent: "replace", id, file } },
    ];
    for (const post of forgedPosts) {
      const forged = await page.request.post("/documents", { ...post, maxRedirects: 0 });
      expect(forged.status()).toBe(302);
      expect(forged.headers()["location"]).toMatch(/^\/access-denied\?from=/);
    }
    const still = await page.request.get(href);
    expect(still.status()).toBe(200);
    expect((await still.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("axe finds nothing on the library, the upload form and its dialogs", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "axe needs JavaScript in the page");
    // Six full-page scans and two sign-ins: more than the default time on a loaded machine.
    test.slow();
    const analyze = async () => {
      await ready(page);
      await expectNoAxeViolations(page);
    };
    await signInShared(page, "dealer@example.com", "/documents");
    await analyze();
    await page.context().clearCookies();
    await signInShared(page, "admin@example.com", "/documents");
    await analyze();
    await uploadSection(page).getByRole("button", { name: "Upload" }).click();
    await expect(uploadSection(page).getByText("Value is required").first()).toBeVisible();
    await analyze();
    const href = await downloadHrefOf(page, "Warranty claim guide");
    const id = href.split("/")[2];
    for (const dialog of [`edit=${id}`, `replace=${id}`, `confirmDelete=${id}`]) {
      await page.goto(`/documents?${dialog}`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await analyze();
    }
  });
});
