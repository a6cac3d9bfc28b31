import { expect, test } from "@playwright/test";
import { ready, signIn } from "./helpers";

/**
 * Issue #13 §4: a change to the role behind dealer@example.com holds on the dealer's next request.
 * It changes what every other spec relies on, so it runs in the "after-all" project, alone, last.
 */
test("removing documents:view from the dealer's role refuses the dealer /documents on the next request; restored, it opens again", async ({
  page,
  browser,
  baseURL,
}) => {
  const dealerContext = await browser.newContext({ baseURL });
  const dealer = await dealerContext.newPage();
  const features = page.getByRole("checkbox", { name: "documents:view" });
  const save = async () => {
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("The security role has been saved.");
    await page.goto(page.url().replace(/\?.*$/, ""));
    await ready(page);
  };
  try {
    await signIn(dealer, "dealer@example.com", "/documents");
    await expect(dealer).toHaveURL(/\/documents$/);

    // The dealer is a dealer principal; documents:view comes from its descendant Dealer staff.
    await signIn(page, "admin@example.com", "/admin/security-roles?q=DEALER_STAFF");
    await page.getByRole("link", { name: "Edit Dealer staff", exact: true }).click();
    await ready(page);
    await features.uncheck();
    await save();
    await expect(features).not.toBeChecked();
    await dealer.goto("/documents");
    await expect(dealer).toHaveURL(/\/access-denied\?from=%2Fdocuments$/);
  } finally {
    if (!(await features.isChecked())) {
      await features.check();
      await save();
    }
  }
  await expect(features).toBeChecked();
  await dealer.goto("/documents");
  await expect(dealer).toHaveURL(/\/documents$/);
  await dealerContext.close();
});
