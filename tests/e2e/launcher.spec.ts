import { expect, test } from "@playwright/test";
import { ready, signInShared } from "./helpers";
import { BRAND3_BASE_URL } from "../../playwright.config";

const launcher = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "My applications" });

test.describe("My applications launcher", () => {
  test("the dealer: one region (no heading), categories, unnamed group, links by kind", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    const section = launcher(page);
    await expect(section.getByRole("heading", { name: "North America" })).toHaveCount(0);
    // Without region headings the categories take their level (no level skipped after "My applications").
    const headings = await section.getByRole("heading", { level: 3 }).allTextContents();
    // Other tests may add categories; the demo ones are there, in alphabetical order, and no Admin.
    expect(headings).toEqual(expect.arrayContaining(["Parts", "Sales", "Service", "Warranty"]));
    expect(headings).toEqual([...headings].sort((a, b) => a.localeCompare(b)));
    expect(headings).not.toContain("Admin");
    const external = section.getByRole("link", { name: /Parts Catalog/ });
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const inApp = section.getByRole("link", { name: /Service Manuals/ });
    await expect(inApp).toHaveAttribute("href", "/documents");
    await expect(inApp).not.toHaveAttribute("target", "_blank");
    await expect(section.getByRole("link", { name: /Machine Telemetry/ })).toBeVisible();
    await expect(section.getByRole("link", { name: /Internal Pricing/ })).toHaveCount(0);
    await expect(section.getByRole("link", { name: /Dealer Administration/ })).toHaveCount(0);
    // Requires assignment (issue #14 §4), and no administrator assigned the dealer to it.
    await expect(section.getByRole("link", { name: /Dealer Analytics/ })).toHaveCount(0);
  });

  test("SPEC §4 applications are regrouped on a brand change: the employee sees the applications of the brand they are in", async ({
    page,
  }) => {
    await signInShared(page, "employee@example.com");
    const section = launcher(page);
    // Brand 1 has applications in two regions: their headings, in order.
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "North America",
      "Europe, Middle East and Africa",
    ]);
    await expect(section.getByRole("link", { name: /Internal Pricing/ })).toBeVisible();
    await expect(section.getByRole("link", { name: /Corvane Order Portal/ })).toHaveCount(0);
    await page.getByTestId("profile-menu").locator("summary").click();
    await page.getByRole("link", { name: "Change brands" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a brand" });
    await dialog.getByLabel("Corvane").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-brand", "4");
    // Corvane's applications, all in one region (no heading), and none of brand 1's.
    await expect(section.getByRole("link", { name: /Corvane Order Portal/ })).toBeVisible();
    await expect(section.getByRole("link", { name: /Corvane Service Bulletins/ })).toBeVisible();
    await expect(section.getByRole("link", { name: /Internal Pricing/ })).toHaveCount(0);
    await expect(section.getByRole("heading", { name: "Europe, Middle East and Africa" })).toHaveCount(0);
    // The header's My applications dropdown follows the same brand on every page.
    await page.goto("/documents");
    const menu = page.getByTestId("applications-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: /Corvane Order Portal/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Internal Pricing/ })).toHaveCount(0);
  });

  test("the administrator: Admin category last, then the admin links", async ({ page }) => {
    await signInShared(page, "admin@example.com");
    const section = launcher(page);
    const northAmerica = section.getByRole("region", { name: "North America" });
    const categories = await northAmerica.getByRole("heading", { level: 4 }).allTextContents();
    expect(categories[categories.length - 1]).toBe("Admin");
    await expect(northAmerica.getByRole("link", { name: /Dealer Administration/ })).toBeVisible();
    const tools = section.getByRole("region", { name: "Administration tools" });
    await expect(tools.getByRole("link", { name: "Applications" })).toHaveAttribute("href", "/admin/applications");
    await expect(tools.getByRole("link", { name: "Announcements" })).toBeVisible();
    await expect(tools.getByRole("link", { name: "Security roles" })).toHaveAttribute("href", "/admin/security-roles");
    await expect(tools.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/users");
    await expect(tools.getByRole("link", { name: "Permission sets" })).toHaveAttribute(
      "href",
      "/admin/permission-sets",
    );
    await expect(tools.getByRole("link", { name: "User audit log" })).toHaveAttribute("href", "/admin/audit/users");
    await expect(tools.getByRole("link", { name: "WSR Bulk Assignment" })).toHaveAttribute(
      "href",
      "/admin/wsr-bulk-assignments",
    );
    await expect(tools.getByRole("link", { name: "Organization bulk assignment" })).toHaveAttribute(
      "href",
      "/admin/orgs-bulk-assignments",
    );
  });

  test("the third brand's user sees Halden applications on the Halden address", async ({ page }) => {
    await signInShared(page, "halden@example.com", `${BRAND3_BASE_URL}/`);
    await expect(launcher(page).getByRole("link", { name: /Halden Dealer Hub/ })).toBeVisible();
    await expect(launcher(page).getByRole("link", { name: /Parts Catalog/ })).toHaveCount(0);
  });

  test("the header's My applications dropdown lists the same applications", async ({ page }) => {
    await signInShared(page, "dealer@example.com", "/support");
    const menu = page.getByTestId("applications-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: /Warranty Claims/ })).toBeVisible();
  });

  test("issue #12 render once: on home the dropdown does not render the launcher a second time", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInShared(page, "dealer@example.com");
    const html = await (await page.request.get("/")).text();
    // Only the launcher's links (it lists this one in two categories); the dropdown's would add one.
    const inLauncher = await launcher(page)
      .getByRole("link", { name: /Warranty Claims/ })
      .count();
    expect(inLauncher).toBeGreaterThan(0);
    expect(html.match(/>Warranty Claims</g)).toHaveLength(inLauncher);
    const menu = page.getByTestId("applications-menu");
    await expect(menu.getByRole("link", { name: /Warranty Claims/ })).toHaveCount(0);
    await menu.locator("summary").click();
    if (javaScriptEnabled) {
      await expect(menu.getByRole("link", { name: /Warranty Claims/ })).toBeVisible();
    } else {
      await menu.getByRole("link", { name: "My applications" }).click();
      await expect(page).toHaveURL(/#my-applications$/);
      await expect(
        launcher(page)
          .getByRole("link", { name: /Warranty Claims/ })
          .first(),
      ).toBeVisible();
    }
  });

  test("names follow the language: German after switching", async ({ page, context, baseURL }) => {
    await signInShared(page, "dealer@example.com");
    await context.addCookies([{ name: "locale", value: "de", url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole("region", { name: "Meine Anwendungen" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Parts Catalog/ })).toHaveCount(0);
  });

  test("GET /api/v2/user/applications answers data.applications in the asked language", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    const english = await (await page.request.get("/api/v2/user/applications")).json();
    expect(english.data.applications.map((a: { name: string }) => a.name)).toContain("Parts Catalog");
    const french = await (await page.request.get("/api/v2/user/applications?language=fr")).json();
    expect(french.data.applications.map((a: { name: string }) => a.name)).not.toContain("Parts Catalog");
    expect(french.data.applications).toHaveLength(english.data.applications.length);
  });
});

test.describe("partner portal", () => {
  test("a partner-portal role is sent on to the partner portal (a link without JavaScript)", async ({
    page,
  }, testInfo) => {
    await page.route("https://crm.example.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>CRM</title><h1>Partner portal</h1>" }),
    );
    if (testInfo.project.name === "js-off") {
      await signInShared(page, "partner@example.com");
      await expect(page.getByRole("link", { name: "Continue to the partner portal" })).toHaveAttribute(
        "href",
        "https://crm.example.com/sso",
      );
      return;
    }
    await page.goto("/");
    await page.getByLabel("Email").fill("partner@example.com");
    await page.getByLabel("Password").fill("Demo#Portal2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("https://crm.example.com/sso");
  });

  test("with a hash in the URL the partner stays on home", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "the hash rule runs in the browser");
    const crmVisits: string[] = [];
    await page.route("https://crm.example.com/**", (route) => {
      crmVisits.push(route.request().url());
      return route.fulfill({ status: 200, body: "CRM" });
    });
    // Sign in on a page that does not redirect, then open home with a hash.
    await signInShared(page, "partner@example.com", "/documents");
    await page.goto("/#stay");
    // The redirect runs in home's effect, which React runs before the root's effect marks the page
    // hydrated; a navigation it started would be under way once the network has gone quiet.
    await ready(page);
    await page.waitForLoadState("networkidle");
    expect(crmVisits).toEqual([]);
    expect(new URL(page.url()).host).not.toBe("crm.example.com");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Pat");
  });
});
