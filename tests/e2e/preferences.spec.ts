import { expect, test } from "@playwright/test";
import { PREFERENCE_USERS } from "./fixture-accounts";
import { ready, signIn, axeOn } from "./helpers";

const userOf = (project: string) => PREFERENCE_USERS[project as keyof typeof PREFERENCE_USERS];

test.describe("global preferences", () => {
  test("a phone number: a bad value gets the spec's message and stays; a good one saves on its own", async ({
    page,
  }, testInfo) => {
    await signIn(page, userOf(testInfo.project.name), "/preferences");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Contact information");
    const mobile = page.getByLabel("Mobile phone", { exact: true });
    await mobile.fill("call me maybe");
    await page.getByRole("button", { name: "Save: Mobile phone" }).click();
    await expect(page.getByText("Value is not a valid phone number")).toBeVisible();
    await expect(page.getByLabel("Mobile phone", { exact: true })).toHaveValue("call me maybe");

    await page.getByLabel("Mobile phone", { exact: true }).fill("+1 614 555 0177");
    await page.getByRole("button", { name: "Save: Mobile phone" }).click();
    await expect(page).toHaveURL(/saved=phoneMobile/);
    await expect(page.locator("form#preference-phoneMobile").getByRole("status")).toHaveText("Saved");
    await page.goto("/preferences/contact");
    await expect(page.getByLabel("Mobile phone", { exact: true })).toHaveValue("+1 614 555 0177");
  });

  test("the job title is required; clearing it is refused and changes nothing", async ({ page }, testInfo) => {
    await signIn(page, userOf(testInfo.project.name), "/preferences/contact");
    await page.getByLabel("Job title", { exact: true }).fill("Parts manager");
    await page.getByRole("button", { name: "Save: Job title" }).click();
    await expect(page.locator("form#preference-jobTitle").getByRole("status")).toHaveText("Saved");
    await ready(page);
    await page.getByLabel("Job title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save: Job title" }).click();
    await expect(page.getByText("Value is required")).toBeVisible();
    await page.goto("/preferences/contact");
    await expect(page.getByLabel("Job title", { exact: true })).toHaveValue("Parts manager");
  });

  test("the preferred language switches the interface, also at the next sign-in elsewhere", async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    await signIn(page, userOf(testInfo.project.name), "/preferences/language");
    await page.getByLabel("Preferred language", { exact: true }).selectOption("de");
    await page.getByRole("button", { name: "Save: Preferred language" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Globale Einstellungen");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByLabel("Bevorzugte Sprache", { exact: true })).toHaveValue("de");
    // Signing in on another device brings the preferred language along.
    const elsewhere = await browser.newContext({
      baseURL,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
    });
    const other = await elsewhere.newPage();
    await signIn(other, userOf(testInfo.project.name), "/preferences/language", {
      javaScript: testInfo.project.use.javaScriptEnabled !== false,
    });
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Globale Einstellungen");
    await elsewhere.close();
    // Back to English for the other tests of this user.
    await context.addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    await page.getByLabel("Bevorzugte Sprache", { exact: true }).selectOption("en");
    await page.getByRole("button", { name: "Speichern: Bevorzugte Sprache" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Global preferences");
  });

  test("issue #33 time zones: a zone of one's own shows the times in it, named; Automatic goes back to the browser's or the location's", async ({
    page,
  }, testInfo) => {
    await signIn(page, userOf(testInfo.project.name), "/preferences/language");
    const zone = () => page.getByLabel("Time zone", { exact: true });
    await expect(zone()).toHaveValue("");
    await expect(zone().locator("option").first()).toHaveText(/^Automatic: \S/);
    await zone().selectOption("Asia/Seoul");
    await page.getByRole("button", { name: "Save: Time zone" }).click();
    await expect(page).toHaveURL(/saved=timeZone/);
    await expect(zone()).toHaveValue("Asia/Seoul");
    // The sessions list shows when each began: in Seoul's time, named.
    await page.goto("/account/security");
    await expect(
      page
        .getByRole("table")
        .getByText(/GMT\+9/)
        .first(),
    ).toBeVisible();
    await page.goto("/preferences/language");
    await zone().selectOption("");
    await page.getByRole("button", { name: "Save: Time zone" }).click();
    await expect(page).toHaveURL(/saved=timeZone/);
    await expect(zone()).toHaveValue("");
    await page.goto("/account/security");
    await expect(page.getByRole("table").first()).toBeVisible();
    await expect(page.getByText(/GMT\+9/)).toHaveCount(0);
  });

  test("subscribing to a list keeps it subscribed", async ({ page }, testInfo) => {
    await signIn(page, userOf(testInfo.project.name), "/preferences/subscriptions");
    const parts = page.getByRole("checkbox", { name: /Parts promotions/ });
    await expect(parts).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Halden dealer newsletter/ })).toHaveCount(0);
    await parts.check();
    await page.getByRole("button", { name: "Save subscriptions" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.goto("/preferences/subscriptions");
    await expect(page.getByRole("checkbox", { name: /Parts promotions/ })).toBeChecked();
  });

  test("locations and applications are read only, with the advice to contact an administrator", async ({ page }) => {
    await signIn(page, "admin@example.com", "/preferences/locations");
    await expect(
      page.getByText("Your locations are assigned by an administrator. To change them, contact your administrator."),
    ).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await expect(page.locator("tbody input, tbody button")).toHaveCount(0);
    await page.getByRole("link", { name: "Applications" }).click();
    await expect(
      page.getByText("Your applications are assigned by an administrator. To change them, contact your administrator."),
    ).toBeVisible();
    await expect(page.locator(".plain-list li").first()).toBeVisible();
    await page.goto("/preferences/nothing-here");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  });

  test("the API: GET /api/v2/user?profile, PATCH one field with the same rules, and the e-mail definitions", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "API test: once is enough");
    await signIn(page, "admin@example.com", "/");
    const profile = (await (await page.request.get("/api/v2/user?profile")).json()).data;
    expect(profile).toMatchObject({ email: "admin@example.com", jobTitle: "Dealer principal" });
    expect(profile.locations).toHaveLength(3);
    const bad = await page.request.patch("/api/v2/user", { data: { key: "phoneSecondary", value: "nope" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.fields.value).toEqual(["Value is not a valid phone number"]);
    expect((await page.request.patch("/api/v2/user", { data: { key: "role", value: "admin" } })).status()).toBe(400);
    const good = await page.request.patch("/api/v2/user", {
      data: { key: "phoneSecondary", value: "+1 614 555 0101" },
    });
    expect((await good.json()).data.phoneSecondary).toBe("+1 614 555 0101");
    const lists = (await (await page.request.get("/api/v2/emails/definitions")).json()).data.items as {
      id: number;
      code: string;
    }[];
    expect(lists.map((l) => l.code)).toContain("warranty-updates");
    expect(lists.map((l) => l.code)).not.toContain("halden-newsletter");
    const set = await page.request.patch("/api/v2/user", { data: { emailPreferences: [lists[0].id] } });
    expect((await set.json()).data.emailPreferences).toEqual([lists[0].id]);
  });

  test("axe finds nothing on the preference sections", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs with JavaScript");
    // Five pages, each analysed whole: on a busy machine that outlasts one test's usual budget.
    test.slow();
    await signIn(page, "admin@example.com", "/preferences/contact");
    for (const section of ["contact", "language", "subscriptions", "locations", "applications"]) {
      await page.goto(`/preferences/${section}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Global preferences");
      const results = await axeOn(page);
      expect(results.violations, section).toEqual([]);
    }
  });

  test("issue #11 §2: the sections are tabs that are addresses; with JavaScript the arrow keys move between them", async ({
    page,
  }, testInfo) => {
    await signIn(page, "dealer@example.com", "/preferences/language");
    const tabs = page.getByRole("navigation", { name: "Preference sections" });
    await expect(tabs.getByRole("link", { name: "Language" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Contact information" })).toHaveAttribute(
      "href",
      "/preferences/contact",
    );
    test.skip(testInfo.project.name === "js-off", "arrow keys are a JavaScript enhancement");
    await tabs.getByRole("link", { name: "Language" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("link", { name: "E-mail subscriptions" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(tabs.getByRole("link", { name: "Applications", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("link", { name: "Contact information" })).toBeFocused();
  });
});
