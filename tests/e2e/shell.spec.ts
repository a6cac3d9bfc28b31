import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, pathOf, ready, signInShared } from "./helpers";
import { BRAND3_BASE_URL } from "../../playwright.config";
import { SINGLE_BRAND_INSIDER, UNASSIGNED } from "./fixture-accounts";

test.describe("access and guards", () => {
  test("the auditor is refused /admin/users/create/ with the original path in from", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/admin/users/create/");
    expect(await pathOf(page)).toBe("/access-denied?from=%2Fadmin%2Fusers%2Fcreate%2F");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    await expect(
      page.getByText(
        "You don’t have access to this functionality. If you have any questions contact your administrator",
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle("Access denied | Vantor");
  });

  test("the employee (no employee number) is refused /support; the back link leads to the parent", async ({ page }) => {
    await signInShared(page, "employee@example.com", "/support?tab=desk");
    expect(await pathOf(page)).toBe("/access-denied?from=%2Fsupport%3Ftab%3Ddesk");
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/");
  });

  test("a refused action is refused on the server too (POST to a guarded path)", async ({ page }) => {
    await signInShared(page, "auditor@example.com");
    const response = await page.request.post("/admin/users/create/", { form: { firstName: "x" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/access-denied?from=%2Fadmin%2Fusers%2Fcreate%2F");
  });

  test("a signed-out request to a guarded path goes to sign-in, not to the page", async ({ request }) => {
    const response = await request.get("/admin/users", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login?returnTo=%2Fadmin%2Fusers");
  });

  test("an unknown route is a themed, translated 404", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("a cross-site POST is refused with 403", async ({ request }) => {
    const response = await request.post("/locale", {
      form: { locale: "de", returnTo: "/" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });

  test("ui-access-data answers the session's access data, and 401 without one", async ({ page, playwright }) => {
    await signInShared(page, "auditor@example.com");
    const response = await page.request.get("/api/v2/user/ui-access-data");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.features).toEqual([
      "admin:announcements:read",
      "admin:users:read",
      "audit:users:read",
      "serialNumber:present",
    ]);
    expect(body.brands).toEqual([{ id: 1, name: "Vantor" }]);
    expect(body).toHaveProperty("requiredActions", []);
    const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    expect((await anonymous.get("/api/v2/user/ui-access-data")).status()).toBe(401);
    expect(
      (await anonymous.get("/api/v2/user/ui-access-data", { headers: { Authorization: "Bearer forged" } })).status(),
    ).toBe(401);
    await anonymous.dispose();
  });
});

test.describe("shell", () => {
  test("the Admin menu shows only for the administrator", async ({ page, browser }) => {
    await signInShared(page, "admin@example.com");
    const menu = page.getByTestId("admin-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Announcements" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Applications" })).toBeVisible();

    for (const email of ["dealer@example.com", "auditor@example.com"]) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await signInShared(other, email);
      await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(other.getByTestId("admin-menu")).toHaveCount(0);
      await context.close();
    }
  });

  test("SPEC §2 Admin menu: the regions' admin applications by region, then the portal's own admin screens", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com");
    const menu = page.getByTestId("admin-menu");
    await menu.locator("summary").click();
    const northAmerica = menu.getByRole("list", { name: "North America" });
    await expect(northAmerica.getByRole("link", { name: "Dealer Administration" })).toHaveAttribute(
      "href",
      "/admin/users",
    );
    const emea = menu.getByRole("list", { name: "Europe, Middle East and Africa" });
    await expect(emea.getByRole("link", { name: /Dealer Network Administration/ })).toHaveAttribute("target", "_blank");
    const portal = menu.getByRole("list", { name: "Portal administration" });
    await expect(portal.getByRole("link", { name: "Announcements" })).toHaveAttribute("href", "/admin");
    await expect(portal.getByRole("link", { name: "Dealer Administration" })).toHaveCount(0);
    // The mobile menu drills into the same groups.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/?menu=admin");
    const mobile = page.getByRole("navigation", { name: "Menu" });
    await expect(mobile.getByRole("list", { name: "Europe, Middle East and Africa" })).toContainText(
      "Dealer Network Administration",
    );
    await expect(
      mobile.getByRole("list", { name: "Portal administration" }).getByRole("link", { name: "Users" }),
    ).toBeVisible();
  });

  test("the profile menu shows name, organization and e-mail with its entries", async ({ page }) => {
    await signInShared(page, "admin@example.com");
    const profile = page.getByTestId("profile-menu");
    await profile.locator("summary").click();
    await expect(profile.getByText("Prairie Equipment – Columbus")).toBeVisible();
    await expect(profile.getByText("admin@example.com")).toBeVisible();
    await expect(profile.getByRole("link", { name: "Global preferences" })).toBeVisible();
    await expect(profile.getByRole("link", { name: "Password and security" })).toBeVisible();
    await expect(profile.getByRole("link", { name: "Change brands" })).toBeVisible();
  });

  test("a single-brand internal user has no brand entry and no password entry", async ({ page }) => {
    await signInShared(page, SINGLE_BRAND_INSIDER);
    const profile = page.getByTestId("profile-menu");
    await profile.locator("summary").click();
    // The menu is open and lists the entries this user has, so the two absences below mean something.
    await expect(profile.getByText(SINGLE_BRAND_INSIDER)).toBeVisible();
    await expect(profile.getByRole("link", { name: "Global preferences" })).toBeVisible();
    await expect(profile.getByRole("link", { name: "Change brands" })).toHaveCount(0);
    await expect(profile.getByRole("link", { name: "Password and security" })).toHaveCount(0);
  });

  test("footer: feature:dev links without the trade link outside the third brand's theme", async ({ page }) => {
    await signInShared(page, "admin@example.com");
    const footer = page.getByRole("contentinfo");
    // issue #18: the addresses come from configuration (the suite's FOOTER_* variables), per brand.
    await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "https://help.example.org/brand/1/contact",
    );
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "https://www.example.com/privacy",
    );
    await expect(footer.getByRole("link", { name: "Trade and export policy" })).toHaveCount(0);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Vantor Equipment. All rights reserved.`);
  });

  test("footer: the trade link shows in the third brand's theme", async ({ page }) => {
    await signInShared(page, "devhalden@example.com", `${BRAND3_BASE_URL}/`);
    await expect(page.locator("body")).toHaveAttribute("data-brand", "3");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Trade and export policy" })).toHaveAttribute(
      "href",
      "https://legal.example.org/3/trade-export",
    );
    await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "https://help.example.org/brand/3/contact",
    );
    await expect(footer).toContainText("Halden Works");
    await expect(page).toHaveTitle("Home | Halden");
  });

  test("footer: no feature:dev, no legal links", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact us" })).toHaveCount(0);
  });

  test("the language selector switches the interface", async ({ page }, testInfo) => {
    await signInShared(page, "dealer@example.com");
    await page.getByLabel("Language").selectOption("de");
    // With JavaScript the choice applies at once; without, the Apply button posts it.
    if (testInfo.project.name === "js-off") await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Willkommen, Dana");
    await expect(page).toHaveTitle("Startseite | Vantor");
  });

  test("Accept-Language picks the first supported language", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "fr-FR", baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByLabel("Mot de passe")).toBeVisible();
    await context.close();
  });

  test("the brand switcher changes the theme; Continue keeps it", async ({ page }) => {
    await signInShared(page, "employee@example.com");
    await expect(page.locator("body")).toHaveAttribute("data-brand", "1");
    await page.getByTestId("profile-menu").locator("summary").click();
    await page.getByRole("link", { name: "Change brands" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a brand" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio")).toHaveCount(5);
    await dialog.getByLabel("Halden").check();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("body")).toHaveAttribute("data-brand", "3");
    await expect(page).toHaveTitle("Home | Halden");
    await page.reload();
    await expect(page.locator("body")).toHaveAttribute("data-brand", "3");
  });

  test("the brand switcher's Cancel restores the previous theme", async ({ page }) => {
    await signInShared(page, "employee@example.com", "/?modal=brands");
    const dialog = page.getByRole("dialog", { name: "Choose a brand" });
    await dialog.getByLabel("Corvane").check();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("body")).toHaveAttribute("data-brand", "1");
    expect(await pathOf(page)).toBe("/");
  });

  test("only the user's own brands can be chosen: ?brand= of another brand falls back", async ({ page }) => {
    await signInShared(page, "dealer@example.com", "/?brand=4");
    await expect(page.locator("body")).toHaveAttribute("data-brand", "1");
    const response = await page.request.post("/theme", { form: { brandId: "4", returnTo: "/" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("theme=4");
  });

  test("a single-brand user of the third brand does not belong on another brand's address", async ({ page }) => {
    await signInShared(page, "halden@example.com");
    await expect(page.getByText("Your account has no brand that this portal address serves.")).toBeVisible();
  });

  test("the third brand's user signs in on the third brand's address", async ({ page }) => {
    await signInShared(page, "halden@example.com", `${BRAND3_BASE_URL}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Hugo");
    await expect(page.locator("body")).toHaveAttribute("data-brand", "3");
  });

  test("the mobile menu drills down into Admin and back", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL });
    const page = await context.newPage();
    await signInShared(page, "admin@example.com");
    await page.getByRole("link", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Menu" });
    await nav.getByRole("link", { name: /Admin/ }).click();
    await expect(nav.getByRole("link", { name: "Applications" })).toBeVisible();
    await nav.getByRole("link", { name: /Back/ }).click();
    await expect(nav.getByRole("link", { name: "Documents" })).toBeVisible();
    await context.close();
  });
});

test.describe("issue #11 §4: the shell on every page", () => {
  test("a signed-in user keeps the top bar and footer on Page not found and Access denied", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    for (const path of ["/no-such-page", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        path === "/admin" ? "Access denied" : "Page not found",
      );
      await expect(page.getByTestId("profile-menu")).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
    }
  });

  test("SPEC §8 No Active Organization Assigned: a user with no organization is told so on home, instead of empty lists", async ({
    page,
  }) => {
    await signInShared(page, UNASSIGNED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Uma");
    await expect(page.getByRole("alert").filter({ hasText: "No Active Organization Assigned" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My applications" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("issue #33 the 404 and error pages name themselves in the head: main holds no title", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    for (const [path, title] of [
      ["/no-such-page", "Page not found"],
      ["/admin", "Access denied"],
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(`^${title} \\| \\S`));
      await expect(page.locator("head title")).toHaveCount(1);
      await expect(page.locator("body title")).toHaveCount(0);
    }
  });

  test("SPEC §2 loading overlay: while routing a progress bar runs and says Loading; past 500 ms the page dims under a spinner, a faster one never", async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === "js-off",
      "routing in the page needs JavaScript; without it the browser shows its own",
    );
    await signInShared(page, "dealer@example.com", "/support");
    // The page's timers run on a clock the test moves; the network does not.
    await page.clock.install();
    await page.goto("/");
    await ready(page);
    await page.clock.pauseAt(Date.now() + 1_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the next page's data, so the routing state lasts until the test has looked.
    await page.route("**/documents.data*", async (route) => {
      await held;
      await route.continue();
    });
    const overlay = page.locator(".loading-bar");
    await expect(overlay).toHaveAttribute("data-state", "idle");
    await page.locator("header").getByRole("link", { name: "Documents", exact: true }).first().click();
    await expect(overlay).toHaveAttribute("data-state", "loading");
    await expect(overlay).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(1);
    const dimmed = page.getByTestId("loading-overlay");
    await page.clock.runFor(499);
    await expect(dimmed).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(dimmed).toBeVisible();
    await expect(dimmed).toHaveText("Loading…");
    await expect(dimmed.locator(".spinner")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents");
    await expect(overlay).toHaveAttribute("data-state", "idle");
    await expect(dimmed).toHaveCount(0);
    // A fast navigation ends before the overlay's time: it never shows.
    await page.locator("header").getByRole("link", { name: "Support", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Documents");
    await page.clock.runFor(1_000);
    await expect(dimmed).toHaveCount(0);
  });

  test("SPEC §2 loading overlay on error: the error page's bar is in the error state and says what went wrong", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", "/no-such-page");
    const overlay = page.locator(".loading-bar");
    await expect(overlay).toHaveAttribute("data-state", "failed");
    await expect(overlay).toHaveText("Page not found");
    await page.goto("/");
    await expect(overlay).toHaveAttribute("data-state", "idle");
  });

  test("SPEC §2 signed-out pages (ADR 33): no top bar; the footer and its language selector for everyone, the choice carried into sign-in", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin\//);
    await ready(page);
    await expect(page.getByTestId("profile-menu")).toHaveCount(0);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toBeVisible();
    await expect(footer.getByRole("link", { name: "Contact us" })).toHaveCount(0);
    await footer.getByLabel("Language").selectOption("de");
    if (testInfo.project.name === "js-off") await footer.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveURL(/\/signin\//);
    await expect(page.getByRole("contentinfo").getByLabel("Sprache")).toHaveValue("de");
  });

  test("signed out, Page not found shows no top bar", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByTestId("profile-menu")).toHaveCount(0);
  });
});

test.describe("issue #11 §3: navigation from the route table", () => {
  test("every link shown to the administrator (Admin menu, mobile menu, launcher admin links, header) answers 200", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL });
    const page = await context.newPage();
    await signInShared(page, "admin@example.com");
    const hrefs = new Set<string>();
    const collect = async (selector: string) => {
      for (const href of await page
        .locator(selector)
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
        if (href && href.startsWith("/") && !href.startsWith("/logout")) hrefs.add(href);
      }
    };
    await collect("[data-testid=admin-menu] a[href]");
    for (const href of await page
      .getByRole("region", { name: "Administration tools" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
      if (href) hrefs.add(href);
    for (const menu of ["main", "admin"]) {
      await page.goto(`/?menu=${menu}`);
      await collect("nav[aria-label='Menu'] a[href]");
    }
    expect([...hrefs]).toEqual(expect.arrayContaining(["/admin", "/admin/applications", "/documents", "/support"]));
    for (const href of hrefs) {
      const response = await page.request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBe(200);
    }
    await context.close();
  });
});

test.describe("translations endpoint", () => {
  test("serves a locale's messages, with the default brand when absent, and 404 for an unknown locale", async ({
    request,
  }) => {
    const german = await request.get("/public/translations/3/de");
    expect(german.status()).toBe(200);
    expect((await german.json()).app.name).toBe("Händlerportal");
    expect((await (await request.get("/public/translations/default/en")).json()).app.name).toBe("Dealer Portal");
    expect((await request.get("/public/translations/1/xx")).status()).toBe(404);
    // issue #18: the brand part means something — the brand's own texts come from its overrides.
    expect((await german.json()).brand).toEqual({ name: "Halden", company: "Halden Works" });
    expect((await (await request.get("/public/translations/4/en")).json()).brand.company).toBe("Corvane Machinery");
    expect((await (await request.get("/public/translations/default/en")).json()).brand.name).toBe("Vantor");
  });
});

test.describe("translations as files", () => {
  test("SPEC §8 translation failure: a warning in the console and to the server, and the page hydrates with English", async ({
    browser,
    baseURL,
  }) => {
    test.skip(test.info().project.use.javaScriptEnabled === false, "the failure is the browser's own fetch");
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    await context.addCookies([{ name: "locale", value: "de", url: baseURL! }]);
    const page = await context.newPage();
    await page.route(/\/locales\/de\.[0-9a-f]+\.json$/, (route) => route.fulfill({ status: 503, body: "" }));
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const reported = page.waitForResponse((r) => r.url().endsWith("/public/translation-failure"));
    await page.goto("/access-denied");
    const report = await reported;
    expect(report.status()).toBe(204);
    expect(report.request().postData()).toMatch(/^href=%2Flocales%2Fde\.[0-9a-f]+\.json&reason=/);
    await ready(page, true);
    // Hydrated with the English file in place of the German one: live, and in the language it has.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
    expect(warnings.join("\n")).toMatch(/translations \/locales\/de\.[0-9a-f]+\.json could not be fetched/);
    // The report takes a translations file's address only.
    const forged = await page.request.post("/public/translation-failure", {
      form: { href: "https://evil.example/x.json", reason: "x" },
    });
    expect(forged.status()).toBe(400);
    await context.close();
  });

  test("issue #12: a page names its hashed, long-cached translations file and carries no message catalogue", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInShared(page, "dealer@example.com");
    await context.addCookies([{ name: "locale", value: "de", url: baseURL! }]);
    const html = await (await page.request.get("/")).text();
    const href = /data-translations="([^"]+)"/.exec(html)?.[1];
    expect(href).toMatch(/^\/locales\/de\.[0-9a-f]{12}\.json$/);
    // A text of another page is in the file, not in this page.
    expect(html).not.toContain("Die angeforderte Seite existiert nicht");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await file.json()).notFound.text).toBe("Die angeforderte Seite existiert nicht oder wurde verschoben.");
    expect((await page.request.get("/locales/de.000000000000.json")).status()).toBe(404);
    await page.goto("/");
    await expect(page.getByRole("contentinfo")).toContainText("Sprache");
  });
});

test.describe("security baseline", () => {
  test("pages carry a nonce-based CSP and the other security headers", async ({ request }) => {
    const response = await request.get("/access-denied");
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("issue #38 §5 best practices: the pages with forms run within the CSP, reporting no violation (Zod never probes for eval)", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "the violation was a script's");
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const seen = ((window as { cspViolations?: string[] }).cspViolations ??= []);
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    await signInShared(page, "admin@example.com", "/admin/announcement");
    for (const path of ["/admin/announcement", "/admin/users/new", "/preferences"]) {
      await page.goto(path);
      await ready(page);
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []), path).toEqual([]);
    }
  });

  test("the session cookie is httpOnly and SameSite=Lax, and holds no token", async ({ page, context }) => {
    await signInShared(page, "dealer@example.com");
    const session = (await context.cookies()).find((c) => c.name === "__session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session!.value.length).toBeLessThan(200);
  });
});

test("access denied's button goes back to the previous page", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "history.back needs JavaScript; the JS-off link is tested above");
  await signInShared(page, "employee@example.com", "/?from=home");
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
  await page.getByRole("link", { name: "Go back" }).click();
  // history.back() lands a moment after the click: wait for it rather than read the address at once.
  await expect.poll(() => pathOf(page)).toBe("/?from=home");
});
