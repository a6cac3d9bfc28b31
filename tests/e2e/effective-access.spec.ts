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
