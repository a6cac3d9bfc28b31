import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, fillNewAnnouncement, ready, signInShared } from "./helpers";

test.describe("announcement management", () => {
  // Announcements created here are in Dutch, so the English feeds other tests count stay as seeded.
  test("admin creates an announcement for brand 1 / NA; a user of that brand and language sees it", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const title = `Fleet recall notice ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/admin");
    await page.getByRole("link", { name: "Add announcement" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New announcement");
    await ready(page);
    await fillNewAnnouncement(page, {
      title,
      content: "<p>Check <strong>serials</strong> now.</p><script>alert(1)</script>",
      link: "https://news.vantor.example.com/recall",
      priority: "highest",
    });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("The announcement has been saved.");

    const context = await browser.newContext({ baseURL });
    const employee = await context.newPage();
    await signInShared(employee, "employee@example.com", "/", {
      javaScript: testInfo.project.use.javaScriptEnabled !== false,
    });
    await context.addCookies([{ name: "locale", value: "nl", url: baseURL! }]);
    await employee.reload();
    const item = employee.getByTestId("announcement").filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.locator("script")).toHaveCount(0);
    await expect(item.getByText("serials")).toBeVisible();
    await context.close();
  });

  test("validation shows the spec's messages and keeps what was typed", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin/announcement");
    await page.getByLabel("Title").fill("Half-done notice");
    await page.getByLabel("Link URL").fill("not a url");
    await page.getByLabel("Start date").fill("2026-06-10");
    await page.getByLabel("Expiration date").fill("2026-06-01");
    await page.getByLabel("Expiration date").blur();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please correct the errors marked")).toBeVisible();
    await expect(page.getByText("The value is not a valid URL address")).toBeVisible();
    await expect(page.getByText("The expiration date must be after the start date")).toBeVisible();
    await expect(page.getByText("Validation Error: Selection required for: Brands")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Half-done notice");
    await expect(page.getByLabel("Link URL")).toHaveValue("not a url");
  });

  test("search and date-range filter", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/admin?q=winter");
    await expect(page.getByRole("link", { name: "Edit Winter checklist" })).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.goto("/admin?range=next&days=5&q=closing");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    await page.goto("/admin?range=next&days=30&q=closing");
    // For every brand, so listed to the admin; brands 3 and 5 are not theirs, so it opens its view (issue #30 §2).
    await expect(page.getByRole("link", { name: "View Year-end closing hours" })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText("Scheduled");
  });

  test("SPEC §5 the number of days: Value must be numeric, Value is not an integer; kept as typed, filtering nothing", async ({
    page,
  }) => {
    // "Year-end closing hours" starts in more than 5 days (the next 5 days show nothing, above).
    await signInShared(page, "admin@example.com", "/admin?q=closing");
    const days = page.getByLabel("Number of days (N)");
    await page.getByLabel("Date range").selectOption("next");
    await days.fill("five");
    await days.press("Enter");
    await expect(page.getByText("Value must be numeric")).toBeVisible();
    await expect(days).toHaveValue("five");
    await expect(days).toHaveAttribute("aria-invalid", "true");
    // The bad number filters nothing.
    await expect(page.getByRole("link", { name: "View Year-end closing hours" })).toBeVisible();
    await days.fill("2.5");
    await days.press("Enter");
    await expect(page.getByText("Value is not an integer")).toBeVisible();
    await expect(days).toHaveValue("2.5");
    await days.fill("30");
    await days.press("Enter");
    await expect(page.getByText("Value is not an integer")).toHaveCount(0);
    await expect(days).not.toHaveAttribute("aria-invalid");
  });

  test("the auditor (read only) can open an announcement but not save it; forged posts are refused", async ({
    page,
  }) => {
    await signInShared(page, "auditor@example.com", "/admin");
    await expect(page.getByRole("link", { name: "Add announcement" })).toHaveCount(0);
    await page.goto("/admin?q=winter");
    await page.getByRole("link", { name: "View Winter checklist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcement");
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(page.getByLabel("Title")).toBeDisabled();
    const path = new URL(page.url()).pathname;
    for (const form of [{ intent: "delete" }, { intent: "save", title: "Forged" }] as Record<string, string>[]) {
      const forged = await page.request.post(path, { form, maxRedirects: 0 });
      expect(forged.status()).toBe(302);
      expect(forged.headers()["location"]).toMatch(/^\/access-denied\?from=/);
    }
  });

  test("SPEC #30 an announcement can be saved only within the admin's brands: Halden is refused on the brands, what was typed kept", async ({
    page,
  }, testInfo) => {
    const title = `Third-brand notice ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/admin/announcement");
    await page.getByLabel("Title").fill(title);
    await page.locator("form.editor").getByLabel("Language").selectOption("nl");
    await page.getByLabel("Link URL").fill("https://news.vantor.example.com/third");
    await page.getByLabel("Expiration date").fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
    const brands = page.getByRole("group", { name: "Brands" });
    await brands.getByLabel("Vantor", { exact: true }).check();
    await brands.getByLabel("Halden").check();
    await page.getByRole("group", { name: "Regions" }).getByLabel("North America").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please correct the errors marked")).toBeVisible();
    await expect(brands.getByText("You can only choose brands you administer.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(brands.getByLabel("Halden")).toBeChecked();
    await expect(brands.getByLabel("Vantor", { exact: true })).toBeChecked();
    await page.goto(`/admin?q=${encodeURIComponent(title)}`);
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
  });

  test("SPEC #30 another brand's announcement is not there for the admin: not listed, no editor, the API answers 404", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/admin?q=Halden");
    await expect(
      page.getByText("No results to display. Change your search or filter criteria and try again."),
    ).toBeVisible();
    // Announcement 7 is the Halden one (brand 3, EMEA).
    for (const path of ["/admin/announcement/7/edit", "/admin/announcement/7/view"])
      expect((await page.goto(path))?.status(), path).toBe(404);
    const body = {
      title: "Taken over",
      language: "nl",
      priority: "medium",
      linkUrl: "https://example.com/",
      startDate: new Date().toISOString().slice(0, 10),
      expirationDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      brandIds: [1],
      regionCodes: ["NA"],
    };
    expect((await page.request.get("/api/v2/announcements/7")).status()).toBe(404);
    expect((await page.request.put("/api/v2/announcements/7", { data: body })).status()).toBe(404);
    expect((await page.request.delete("/api/v2/announcements/7")).status()).toBe(404);
    const forged = await page.request.post("/admin/announcement/7/edit", {
      form: { intent: "delete" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(404);
    // Brands 3 and 5 in a new one are refused on the field, and nothing is written.
    const refused = await page.request.post("/api/v2/announcements", { data: { ...body, brandIds: [1, 3, 5] } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.fields.brandIds).toEqual(["You can only choose brands you administer."]);

    // The one for every brand is listed; its view opens, its editor is not the admin's.
    await page.goto("/admin?q=closing");
    await page.getByRole("link", { name: "View Year-end closing hours" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcement");
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit this announcement" })).toHaveCount(0);
    const editPath = new URL(page.url()).pathname.replace(/\/view$/, "/edit");
    expect((await page.goto(editPath))?.status()).toBe(404);
  });

  test("delete asks for confirmation first", async ({ page }, testInfo) => {
    const title = `Short-lived notice ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/admin/announcement");
    await page.getByLabel("Title").fill(title);
    await page.locator("form.editor").getByLabel("Language").selectOption("nl");
    await page.getByLabel("Link URL").fill("https://news.vantor.example.com/x");
    await page.getByLabel("Expiration date").fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
    await page.getByRole("group", { name: "Brands" }).getByLabel("Corvane").check();
    await page.getByRole("group", { name: "Regions" }).getByLabel("Asia Pacific").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog", { name: "Saved" }).getByRole("link", { name: "Close" }).last().click();
    await page.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete announcement" });
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: "Delete announcement" }).click();
    await expect(page.getByRole("dialog", { name: "Deleted" })).toContainText("The announcement has been deleted.");
  });

  test("with JavaScript the content gets a formatting toolbar; its edits count as unsaved changes", async ({
    page,
  }, testInfo) => {
    await signInShared(page, "admin@example.com", "/admin/announcement");
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    if (testInfo.project.use.javaScriptEnabled === false) {
      await expect(toolbar).toHaveCount(0);
      return;
    }
    const content = page.getByLabel("Content");
    await content.fill("Check serials now");
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 13));
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await expect(content).toHaveValue("Check <strong>serials</strong> now");
    await page.getByLabel("Content").fill("");
    await toolbar.getByRole("button", { name: "Insert link" }).click();
    await expect(content).toHaveValue('<a href="https://"></a>');
    await page.getByRole("link", { name: /Back/ }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
  });

  test("axe finds nothing on the list and the editor", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "axe needs JavaScript in the page");
    await signInShared(page, "admin@example.com", "/admin");
    for (const path of ["/admin", "/admin/announcement/1/edit"]) {
      await page.goto(path);
      await ready(page);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("an announcement from the editor to the dealer's feed", () => {
  // Each project uses a language no seed and no other test uses, so the counts below are exact.
  const languageOf = (project: string) => (project === "js-off" ? "pt" : "it");

  test("admin creates one for brand 1 / NA; it shows unread with the right counts, the dealer marks it read and it moves to read", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const language = languageOf(testInfo.project.name);
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    const title = `Brand one bulletin ${testInfo.project.name}`;
    await signInShared(page, "admin@example.com", "/admin/announcement");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Link URL").fill("https://news.vantor.example.com/bulletin");
    await page.locator("form.editor").getByLabel("Language").selectOption(language);
    await page.getByLabel("Start date").fill(new Date().toISOString().slice(0, 10));
    await page.getByLabel("Expiration date").fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true }).check();
    await page.getByRole("group", { name: "Regions" }).getByLabel("North America").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();

    // The admin holds brands 1, 2 and 4: the brand switcher counts it for brand 1 only.
    await page.context().addCookies([{ name: "locale", value: language, url: baseURL! }]);
    await page.goto("/?modal=brands");
    const switcher = page.getByRole("dialog");
    await expect(switcher.getByTestId("unread-brand-1")).toContainText("1");
    await expect(switcher.getByTestId("unread-brand-2")).toHaveCount(0);
    await expect(page.getByTestId("unread-badge")).toContainText("1");

    // The dealer (brand 1 only, so no switcher) sees it unread, with the count on the unread view.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
    const dealer = await context.newPage();
    await signInShared(dealer, "dealer@example.com", "/", { javaScript });
    await context.addCookies([{ name: "locale", value: language, url: baseURL! }]);
    await dealer.reload();
    await expect(dealer.locator('.announcements nav a[aria-current="page"]')).toContainText("1");
    const item = dealer.getByTestId("announcement").filter({ hasText: title });
    await expect(item).toBeVisible();
    await item.getByRole("button").click();
    await expect(dealer.getByTestId("announcement").filter({ hasText: title })).toHaveCount(0);
    await dealer.locator('.announcements nav a[href*="announcements=read"]').click();
    await expect(dealer.getByTestId("announcement").filter({ hasText: title })).toBeVisible();
    await expect(dealer.getByTestId("announcement").filter({ hasText: title }).getByRole("button")).toHaveCount(0);
    await context.close();

    // Read by the dealer does not make it read for the admin.
    await page.goto("/?modal=brands");
    await expect(page.getByRole("dialog").getByTestId("unread-brand-1")).toContainText("1");
  });
});
