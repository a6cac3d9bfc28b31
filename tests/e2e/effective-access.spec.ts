import { expect, test, type Page } from "@playwright/test";
import { axeOn, ready, signInShared } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Dana Reyes's page (dealer@example.com), as the admin of her location opens it from the users list. */
async function openDana(page: Page): Promise<string> {
  await signInShared(page, "admin@example.com", "/");
  await page.goto("/admin/users?q=dealer%40example.com");
  await page.getByRole("link", { name: "Dana Reyes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dana Reyes");
  return new URL(page.url()).pathname.replace(/\/view.*$/, "");
}

test.describe("issue #39 §1: why this access", () => {
  test("the admin opens a user's effective access and sees the chain for Documents and the reasons for an application", async ({
    page,
  }) => {
    await openDana(page);
    await page.getByRole("link", { name: "Effective access" }).click();
    await expect(page).toHaveURL(/\/view\/access$/);
    await expect(page.getByRole("heading", { level: 2, name: "Effective access" })).toBeVisible();
    const documents = page.getByTestId("feature-grant").filter({ hasText: "documents:view" });
    await expect(documents).toContainText(
      "Dealer principal → Service manager → Dealer staff at Prairie Equipment – Columbus",
    );
    await expect(page.getByTestId("feature-grant").filter({ hasText: "serialNumber:present" })).toContainText(
      "Their employee number",
    );
    const warranty = page.getByTestId("application-verdict").filter({ hasText: "Warranty Claims" });
    await expect(warranty).toContainText("one of their locations is of it");
    await expect(warranty).toContainText("Region NA: one of their locations is in it");
    await expect(page.getByTestId("application-verdict").filter({ hasText: "Internal Pricing" })).toHaveCount(0);
    await expect(page.getByTestId("screen-verdict").filter({ hasText: "Documents" })).toContainText(
      "all of documents:view",
    );
  });

  test("why not: an application the user lacks names the failing condition, and a screen names the missing feature", async ({
    page,
  }) => {
    const user = await openDana(page);
    await page.goto(`${user}/view/access`);
    await page.getByLabel("Application, feature or screen").selectOption({ label: "Internal Pricing (Vantor, NA)" });
    await page.getByRole("button", { name: "Explain" }).click();
    await expect(page).toHaveURL(/why=application%3A\d+/);
    const answer = page.getByTestId("why-answer");
    await expect(answer).toContainText("Internal Pricing: they do not have it, because:");
    await expect(answer).toContainText('{"attr":"userType","eq":"internal"} does not hold (theirs: external)');
    await expect(page.getByLabel("Application, feature or screen")).toHaveValue(/^application:/);

    await page
      .getByLabel("Application, feature or screen")
      .selectOption({ label: "Dealer Administration (Vantor, NA)" });
    await page.getByRole("button", { name: "Explain" }).click();
    await expect(answer).toContainText("Needs a web security role of DEALER_ADMIN; they hold none of them");

    await page.getByLabel("Application, feature or screen").selectOption("screen:users");
    await page.getByRole("button", { name: "Explain" }).click();
    await expect(answer).toContainText("Users: they do not have it, because:");
    await expect(answer).toContainText("They hold none of admin:users:write, admin:users:edit, admin:users:read");

    await page.getByLabel("Application, feature or screen").selectOption("feature:documents:view");
    await page.getByRole("button", { name: "Explain" }).click();
    await expect(answer).toContainText("documents:view: they have it.");

    // A question from a hand-made address that names nothing of theirs is told so, not an error.
    await page.goto(`${user}/view/access?why=application%3A999999`);
    await expect(answer).toContainText("Choose an application, a feature or a screen from the list.");
  });

  test("a dealer administrator reaches only their own location's users; another dealer's user is not found", async ({
    page,
  }) => {
    await signInShared(page, "principal@example.com", "/");
    const response = await page.goto("/admin/users/1/view/access");
    expect(response?.status()).toBe(404);
  });

  test("axe finds nothing on the effective access tab with a why-not answer", async ({ page }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    const user = await openDana(page);
    await page.goto(`${user}/view/access?why=screen%3Ausers`);
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
  });
});

test.describe("issue #39 §2: preview as the user", () => {
  test("the preview shows the user's launcher, announcements and menus read-only, and is audited", async ({ page }) => {
    const user = await openDana(page);
    await page.getByRole("link", { name: "Preview as Dana Reyes" }).click();
    await expect(page).toHaveURL(new RegExp(`${user}/preview$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preview as Dana Reyes");
    await expect(page.getByTestId("preview-banner")).toHaveText("Preview — nothing can be changed");
    const preview = page.getByTestId("preview");
    await expect(preview.getByRole("heading", { name: "Welcome, Dana" })).toBeVisible();
    // Her launcher, not the admin's: Warranty Claims is hers, Internal Pricing (internal users) is not.
    await expect(preview.locator(".app-card", { hasText: "Warranty Claims" }).first()).toBeVisible();
    await expect(preview.locator(".app-card", { hasText: "Internal Pricing" })).toHaveCount(0);
    // Read-only: the applications are named, not linked; announcements cannot be opened or marked read.
    await expect(preview.locator("a.app-card")).toHaveCount(0);
    await expect(preview.getByRole("button", { name: /Mark as read/ })).toHaveCount(0);
    await expect(preview.locator("form")).toHaveCount(0);
    // Her menus: Documents and Support; no Admin menu (she administers nothing).
    await expect(page.getByTestId("preview-main-menu")).toContainText("Documents");
    await expect(page.getByTestId("preview-admin-menu")).toHaveCount(0);
    // The look is audited on her record.
    await page.goto(`/admin/audit/users?operation=previewed&q=dealer%40example.com`);
    await expect(page.locator("table.data-table tbody tr").first()).toContainText("Previewed");
  });

  test("a write posted to the preview is refused and says so; another dealer's user has no preview", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await openDana(page);
    const answer = await page.request.post(`${user}/preview`, {
      form: { intent: "markRead", announcementId: "1" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(403);
    expect(await answer.text()).toContain("This is a preview: nothing can be changed.");
    const other = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const principal = await other.newPage();
    await signInShared(principal, "principal@example.com", "/");
    expect((await principal.goto(`${user}/preview`))?.status()).toBe(404);
    await other.close();
  });

  test("axe finds nothing on the preview", async ({ page }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    const user = await openDana(page);
    await page.goto(`${user}/preview`);
    await ready(page);
    expect((await axeOn(page)).violations).toEqual([]);
  });
});
