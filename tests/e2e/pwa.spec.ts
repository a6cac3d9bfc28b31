import { expect, test, type Page } from "@playwright/test";
import { fillNewAnnouncement, homeSavedOffline, ready, signIn } from "./helpers";

// The service worker's tests have failed rarely under the parallel run: a failure keeps its trace in test-results.
test.use({ serviceWorkers: "allow", trace: "retain-on-failure" });

test.describe("installable, offline-first app", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "a service worker needs JavaScript");

  /** Waits until the service worker controls the page (it claims clients when it activates). */
  async function controlled(page: Page) {
    await page.waitForFunction(
      () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
      undefined,
      { timeout: 15_000 },
    );
  }

  test("the active brand's manifest is linked and installable: names, icons 192/512 and maskable, standalone, colours", async ({
    page,
    request,
  }) => {
    await signIn(page, "dealer@example.com", "/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest/1");
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: "Vantor Dealer Portal",
      short_name: "Vantor",
      start_url: "/",
      display: "standalone",
      theme_color: "#1c1c1c",
      background_color: "#1c1c1c",
    });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
    // Chrome's own install criteria (manifest, icons, service worker) report no error — but
    // "in-incognito": a Playwright context is an incognito profile, where nothing installs.
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect((await request.get("/manifest/3")).ok()).toBe(true);
    expect((await (await request.get("/manifest/3")).json()).name).toBe("Halden Dealer Portal");
  });

  test("after one online visit, home opens offline from the saved copy with the banner; the feed too", async ({
    page,
    context,
  }) => {
    await signIn(page, "dealer@example.com", "/");
    await controlled(page);
    // A visit under the service worker's control saves home and its data.
    await page.reload();
    await expect(page.getByRole("heading", { name: "My applications" })).toBeVisible();
    await page.goto("/?announcements=read");
    await expect(page.getByTestId("announcement").first()).toBeVisible();

    await context.setOffline(true);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "My applications" })).toBeVisible();
    await expect(page.locator(".home__launcher a").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dana");
    // The saved copy, not the network's answer: the worker marks the page it opens from it.
    await expect(page.locator("html")).toHaveAttribute("data-saved-at", /^\d{4}-\d\d-\d\dT/);
    await expect(page.getByTestId("offline-banner")).toContainText("Offline — showing saved data from");
    await page.goto("/?announcements=read");
    await expect(page.getByTestId("announcement").first()).toBeVisible();
    await expect(page.getByTestId("offline-banner")).toBeVisible();
    await context.setOffline(false);
  });

  test("a page never visited shows the offline page; a post while offline waits for the connection and keeps what was typed", async ({
    page,
    context,
  }) => {
    await signIn(page, "admin@example.com", "/");
    // Home once under the service worker: this user's shell is saved.
    await homeSavedOffline(page);
    await page.goto("/admin/announcement");
    await ready(page);
    await fillNewAnnouncement(page, {
      title: "Written on a train",
      content: "<p>Typed between two stations.</p>",
      link: "https://news.vantor.example.com/train",
      priority: "medium",
    });
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save" }).click();
    // Issue #34: the kit's form waits for the connection, the input stays.
    await expect(page.getByRole("status").filter({ hasText: "Not sent" })).toContainText("you are offline");
    await expect(page.getByLabel("Title")).toHaveValue("Written on a train");

    await page.goto("/support");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    // Issue #11 §4: the signed-in user keeps their top bar and footer offline too.
    await expect(page.getByTestId("profile-menu")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await context.setOffline(false);
  });

  test("a page the active worker does not control (a forced reload; a registration revived after a sign-out) is taken once it registers", async ({
    page,
  }) => {
    await signIn(page, "dealer@example.com", "/");
    await controlled(page);
    // A forced reload loads the page past the worker, which activated long ago and claims no more
    // pages by itself: the page asks it to.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Page.reload", { ignoreCache: true });
    await page.waitForLoadState("load");
    await controlled(page);
    await expect(page.getByRole("heading", { name: "My applications" })).toBeVisible();
  });

  test("after sign-out and sign-in as another user, offline shows nothing of the first user", async ({
    page,
    context,
  }) => {
    await signIn(page, "admin@example.com", "/");
    await controlled(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Alex");

    const profile = page.getByTestId("profile-menu");
    await profile.locator("summary").click();
    await profile.getByRole("button", { name: "Sign out" }).click();
    await expect(page).not.toHaveURL(/\/admin/);

    await signIn(page, "dealer@example.com", "/");
    await controlled(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dana");

    await context.setOffline(true);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dana");
    await expect(page.getByText("Alex")).toHaveCount(0);
    const names = await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("portal-user-")));
    expect(names).toHaveLength(1);
    await context.setOffline(false);
  });

  test("the offline page speaks the user's language", async ({ page, context, baseURL }) => {
    await signIn(page, "auditor@example.com", "/");
    await controlled(page);
    await context.addCookies([{ name: "locale", value: "nl", url: baseURL! }]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    // The page tells the worker its language; the worker saves the offline page in it.
    await expect
      .poll(
        async () =>
          page.evaluate(async () => (await (await caches.open("portal-meta")).match("/offline"))?.text() ?? ""),
        { timeout: 10_000 },
      )
      .toContain("U bent offline");
    await context.setOffline(true);
    await page.goto("/support");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("U bent offline");
    await context.setOffline(false);
  });

  test("a session that ended without sign-out: offline shows nothing of that user", async ({ page, context }) => {
    await signIn(page, "employee@example.com", "/");
    await controlled(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Erin");
    expect(
      await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("portal-user-")).length),
    ).toBe(1);
    // The session ends elsewhere (expired, signed out from another device, deactivated): no Clear-Site-Data reached this browser.
    await context.clearCookies();
    await context.setOffline(true);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByText("Erin")).toHaveCount(0);
    await context.setOffline(false);
  });
});
