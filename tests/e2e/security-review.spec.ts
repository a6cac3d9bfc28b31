import { expect, test, type Page } from "@playwright/test";
import { PRINCIPALS } from "./fixture-accounts";
import { exportedCsv, signIn, signInShared, axeOn } from "./helpers";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const principal = () => PRINCIPALS[test.info().project.name as "js-on" | "js-off"];
const reviewOf = (page: Page) => page.getByRole("dialog", { name: "Security review" });
const emailsIn = (page: Page) => reviewOf(page).locator("[data-testid=review-row] td:nth-child(5)");

// The steps change the principal's dealership (a user disabled, the review confirmed): in order.
test.describe.serial("issue #16 §3: the security review (attestation) modal", () => {
  test("SPEC §4 adminAttestation opens the review at sign-in: grouped by days since login, the first group open, unclosable", async ({
    page,
  }) => {
    // It walks the whole modal (every group, two sorts, axe): more than a usual test's budget on a busy machine.
    test.slow();
    const { email, never, newbie, stale, idle } = principal();
    await signIn(page, email);
    const review = reviewOf(page);
    await expect(review).toBeVisible();
    await expect(review.getByRole("link", { name: "Cancel" })).toHaveCount(0);
    await expect(review.getByRole("link", { name: "Close" })).toHaveCount(0);
    const groups = review.getByTestId("review-group");
    await expect(groups.locator("summary")).toHaveText([
      "Never logged in (2)",
      "More than 90 days (1)",
      "More than 30 days (1)",
      "Less than 30 days (1)",
    ]);
    // Only the first group is open; the others open on their summary.
    await expect(emailsIn(page).filter({ visible: true })).toHaveText([never, newbie].sort());
    await groups.nth(1).locator("summary").click();
    await expect(groups.nth(1).locator("td:nth-child(5)")).toHaveText([stale]);
    await expect(groups.nth(1).locator("td:nth-child(2)")).toHaveText(["150"]);
    await expect(groups.nth(0).locator("td:nth-child(2)").first()).toHaveText("?");
    // The administrator's own row is shown, never selectable.
    await groups.nth(3).locator("summary").click();
    await expect(groups.nth(3).getByRole("checkbox", { name: /your own account cannot be disabled/ })).toBeDisabled();
    await groups.nth(2).locator("summary").click();
    await expect(groups.nth(2).locator("td:nth-child(5)")).toHaveText([idle]);
    if (jsOn()) {
      await page.keyboard.press("Escape");
      await expect(review).toBeVisible();
      const axe = await axeOn(page, ".modal");
      expect(axe.violations).toEqual([]);
    }
    // Sorting by a column keeps the groups and orders within them.
    await review.getByRole("link", { name: "E-mail" }).first().click();
    await expect(page).toHaveURL(/\/security-review\?.*sortBy=email&sortType=asc/);
    await expect(reviewOf(page).getByTestId("review-group").first().locator("td:nth-child(5)")).toHaveText(
      [never, newbie].sort(),
    );
    // The URL changes before the page re-renders: the second click must wait for the link the new page holds.
    const emailSort = reviewOf(page).getByRole("link", { name: "E-mail" }).first();
    await expect(emailSort).toHaveAttribute("href", /sortType=desc/);
    await emailSort.click();
    await expect(page).toHaveURL(/sortType=desc/);
    await expect(reviewOf(page).getByTestId("review-group").first().locator("td:nth-child(5)")).toHaveText(
      [never, newbie].sort().reverse(),
    );
  });

  test("SPEC §4 the modal closes on a user-edit route and reopens on other navigation while active", async ({
    page,
  }) => {
    const { email } = principal();
    await signIn(page, email, "/documents");
    await reviewOf(page).getByTestId("review-group").nth(1).locator("summary").click();
    await reviewOf(page).getByRole("link", { name: `Edit Pat Stale` }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(reviewOf(page)).toHaveCount(0);
    await page.goto("/documents");
    await expect(reviewOf(page)).toBeVisible();
  });

  test("SPEC §4 selection: a group checkbox selects its members (indeterminate when some); Disable accounts asks first; Back changes nothing", async ({
    page,
  }) => {
    const { email, never, newbie } = principal();
    await signIn(page, email);
    const review = reviewOf(page);
    const group = review.getByRole("checkbox", { name: "Select every user in “Never logged in”" });
    if (jsOn()) {
      await review.getByRole("checkbox", { name: "Select Pat Never" }).check();
      await expect(group).toHaveJSProperty("indeterminate", true);
      await group.click();
      await expect(group).toBeChecked();
      await expect(review.getByRole("checkbox", { name: "Select Pat Newbie" })).toBeChecked();
      await group.click();
      await expect(review.getByRole("checkbox", { name: "Select Pat Never" })).not.toBeChecked();
      await expect(group).toHaveJSProperty("indeterminate", false);
    }
    // Nothing selected: refused with a message.
    await review.getByRole("button", { name: "Disable accounts" }).click();
    await expect(reviewOf(page).getByText("Select at least one user to disable.")).toBeVisible();
    // The whole group (without JavaScript the server selects its members).
    await reviewOf(page).getByRole("checkbox", { name: "Select every user in “Never logged in”" }).check();
    await reviewOf(page).getByRole("button", { name: "Disable accounts" }).click();
    const confirm = page.getByRole("dialog", { name: "Disable these accounts?" });
    await expect(confirm.getByRole("listitem")).toHaveText([`Pat Never – ${never}`, `Pat Newbie – ${newbie}`]);
    await confirm.getByRole("link", { name: "Back" }).click();
    await expect(reviewOf(page)).toBeVisible();
    await expect(emailsIn(page).filter({ visible: true })).toHaveText([never, newbie].sort());
  });

  test("SPEC §4 Disable accounts deactivates the selected user and clears the selection; Proceed waits for the accuracy box and records the review", async ({
    page,
  }) => {
    const { email, stale } = principal();
    await signIn(page, email, "/documents");
    let review = reviewOf(page);
    await review.getByTestId("review-group").nth(1).locator("summary").click();
    await review.getByRole("checkbox", { name: "Select Pat Stale" }).check();
    await review.getByRole("button", { name: "Disable accounts" }).click();
    const confirm = page.getByRole("dialog", { name: "Disable these accounts?" });
    await expect(confirm.getByRole("listitem")).toHaveText([`Pat Stale – ${stale}`]);
    await confirm.getByRole("button", { name: "Disable accounts" }).click();
    review = reviewOf(page);
    await expect(review.getByRole("status")).toHaveText("Accounts disabled: 1.");
    await expect(review.getByTestId("review-group").locator("summary")).toHaveText([
      "Never logged in (2)",
      "More than 30 days (1)",
      "Less than 30 days (1)",
    ]);
    await expect(review.getByRole("checkbox", { checked: true })).toHaveCount(0);

    const proceed = review.getByRole("button", { name: "Proceed" });
    if (jsOn()) {
      await expect(proceed).toBeDisabled();
    } else {
      await proceed.click();
      await expect(reviewOf(page).getByText("Confirm that the list is accurate before you proceed.")).toBeVisible();
    }
    await reviewOf(page).getByLabel("I confirm that this list is accurate").check();
    await reviewOf(page).getByRole("button", { name: "Proceed" }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(reviewOf(page)).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(reviewOf(page)).toHaveCount(0);
  });
});

test("an administrator without a due review opens the review on demand and may cancel it", async ({ page }) => {
  await signIn(page, "admin@example.com", "/");
  await expect(reviewOf(page)).toHaveCount(0);
  await page.goto("/security-review?returnTo=%2Fadmin%2Fusers");
  const review = reviewOf(page);
  await expect(review).toBeVisible();
  await expect(review.getByTestId("review-row").first()).toBeVisible();
  // The evidence: the history of the admin's locations, the demo's seeded review in it.
  const { header, rows } = await exportedCsv(page, "Download review history (CSV)");
  expect(header).toEqual(["Confirmed", "Confirmed by", "Locations", "Users listed", "Accounts disabled"]);
  expect(rows.map((row) => row[1])).toContain("admin@example.com");
  expect(rows.every((row) => !row[2].includes("E2E Review"))).toBe(true);
  await review.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(reviewOf(page)).toHaveCount(0);
});

test("a user who manages no users is refused the security review page", async ({ page }) => {
  await signIn(page, "dealer@example.com", "/security-review");
  await expect(page).toHaveURL(/\/access-denied/);
});

test("SPEC §6 feature:dev gates the attestation and change-password entries: opened on demand from the profile menu, closable", async ({
  page,
}) => {
  await signInShared(page, "admin@example.com", "/documents");
  const profile = page.getByTestId("profile-menu");
  await profile.locator("summary").click();
  await profile.getByRole("link", { name: "Security review" }).click();
  const review = reviewOf(page);
  await expect(review).toBeVisible();
  await review.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/documents$/);

  await page.getByTestId("profile-menu").locator("summary").click();
  await page.getByTestId("profile-menu").getByRole("link", { name: "Change password" }).click();
  const change = page.getByRole("dialog", { name: "Change password" });
  await expect(change).toBeVisible();
  await expect(change.getByText("Choose a new password and a security question.")).toBeVisible();
  // A refused post keeps the modal, with the reason, and changes nothing.
  await change.getByLabel("Answer", { exact: true }).fill("ab");
  await change.getByLabel("Answer", { exact: true }).blur();
  if (!jsOn()) await change.getByRole("button", { name: "Save" }).click();
  await expect(change.getByText(/at least 4/)).toBeVisible();
  await change.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("SPEC §6 without feature:dev there is no attestation or change-password entry, and the addresses keep their rules", async ({
  page,
}) => {
  await signInShared(page, "dealer@example.com", "/documents");
  const profile = page.getByTestId("profile-menu");
  await profile.locator("summary").click();
  await expect(profile.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(profile.getByRole("link", { name: "Security review" })).toHaveCount(0);
  await expect(profile.getByRole("link", { name: "Change password" })).toHaveCount(0);
  // Nothing to migrate: the change-password address goes back where it came from.
  await page.goto("/account/migrate?returnTo=%2Fdocuments");
  await expect(page).toHaveURL(/\/documents$/);
});
