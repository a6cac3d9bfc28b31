import { expect, test, type Page } from "@playwright/test";
import { chooseOptions, ready, signInShared, axeOn } from "./helpers";
import { CREATORS, EDITABLE_USERS } from "./fixture-accounts";

const project = () => test.info().project.name as keyof typeof EDITABLE_USERS;
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const save = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();
const reviewRow = (page: Page, field: RegExp) => page.locator("table.data-table").getByRole("row", { name: field });

/** Opens this project's editable user from the list and starts editing. */
async function openEditor(page: Page, admin: string): Promise<string> {
  const email = EDITABLE_USERS[project()];
  await signInShared(page, admin, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /^View / }).click();
  await page.getByRole("link", { name: "Edit user" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit\/contact$/);
  await ready(page);
  return page.url().replace(/\/edit\/contact$/, "");
}

test.describe("issue #14 §4: edit a user", () => {
  test("each tab posts into the draft, the review lists old → new, Complete and save writes it all; a stale draft shows the conflict and keeps the input", async ({
    page,
    browser,
    baseURL,
  }) => {
    const userUrl = await openEditor(page, CREATORS[project()]);
    const jobTitle = `Workshop lead ${project()}`;
    await page.getByLabel("Job title").fill(jobTitle);
    await page.getByLabel("Fax").fill("fax me");
    await save(page);
    await expect(page.getByText("Value is not a valid phone number")).toBeVisible();
    await expect(page.getByLabel("Job title")).toHaveValue(jobTitle);
    await page.getByLabel("Fax").fill("");
    await save(page);
    // Changed contact data: the prompt to review the email preferences; carry on instead.
    await expect(page).toHaveURL(/\/edit\/locations\?prompt=emails$/);
    await page
      .getByRole("dialog", { name: "Review Email preferences?" })
      .getByRole("link", { name: "Continue here" })
      .click();
    await expect(page).toHaveURL(/\/edit\/locations$/);
    await ready(page);
    await save(page);
    await expect(page).toHaveURL(/\/edit\/roles$/);
    await ready(page);
    await chooseOptions(page, "Roles", jsOn() ? ["Parts manager"] : ["Dealer staff", "Parts manager"], jsOn());
    await save(page);
    // Changed roles: the prompt to review the email preferences; go there.
    await expect(page).toHaveURL(/\/edit\/applications\?prompt=emails$/);
    await page
      .getByRole("dialog", { name: "Review Email preferences?" })
      .getByRole("link", { name: "Keep changes and go to Email preferences" })
      .click();
    await expect(page).toHaveURL(/\/edit\/emails$/);
    await save(page);
    await expect(page).toHaveURL(/\/edit\/review$/);
    await expect(reviewRow(page, /^Job title/)).toContainText(`Not set${jobTitle}`);
    await expect(
      reviewRow(page, /^Roles/)
        .locator("td")
        .nth(1),
    ).toHaveText("Dealer staff, Parts manager");
    await expect(reviewRow(page, /^Locations/)).toHaveCount(0);

    // Meanwhile another administrator changes the same user.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const other = await context.newPage();
    try {
      await openEditor(other, "admin@example.com");
      await other.getByLabel("Mobile phone").fill("+1 555 0199");
      await save(other);
      // Saved before leaving: with JavaScript the next navigation would cancel the post.
      await expect(other).toHaveURL(/\/edit\/locations/);
      await other.goto(`${userUrl}/edit/review`);
      await other.getByRole("button", { name: "Complete and save" }).click();
      await expect(other.getByRole("dialog", { name: "Saved" })).toContainText("User saved");
    } finally {
      await context.close();
    }

    await page.getByRole("button", { name: "Complete and save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "changed by someone else" })).toBeVisible();
    await expect(reviewRow(page, /^Job title/)).toContainText(jobTitle);
    await page.getByRole("button", { name: "Complete and save" }).click();
    await expect(page).toHaveURL(/\/view\?saved=1$/);
    await expect(page.getByRole("dialog", { name: "Saved" })).toContainText("User saved");
    await expect(page.locator(".details")).toContainText(jobTitle);
    await expect(page.locator(".details")).toContainText("+1 555 0199");
    await page.goto(`${userUrl}/view/roles`);
    await expect(page.locator("table.data-table")).toContainText("Parts manager");
  });

  test("a change of locations prompts a review of the applications; a change of applications leads to the digital permissions, where a required set needs a selection", async ({
    page,
  }) => {
    const userUrl = await openEditor(page, CREATORS[project()]);
    await page.goto(`${userUrl}/edit/locations`);
    await ready(page);
    const preferred = page.getByLabel("Preferred location");
    const offered = (await preferred.locator("option").allTextContents()).slice(1);
    const current = (await preferred.locator("option:checked").textContent())!;
    const other = offered.find((name) => name !== current)!;
    // Without JavaScript the list is chosen anew: the current location and another one.
    await chooseOptions(page, "Locations", jsOn() ? [other] : [current, other], jsOn());
    await save(page);
    await expect(page).toHaveURL(/\/edit\/roles\?prompt=applications$/);
    const prompt = page.getByRole("dialog", { name: "Review Applications?" });
    await expect(prompt).toContainText("You changed the user's locations");
    await prompt.getByRole("link", { name: "Keep changes and go to Applications" }).click();
    await expect(page).toHaveURL(/\/edit\/applications$/);
    await page
      .getByRole("group", { name: "Applications that need an assignment" })
      .getByLabel("Dealer Analytics")
      .check();
    await save(page);
    // The next tab is the one to review: no prompt needed.
    await expect(page).toHaveURL(/\/edit\/permissions$/);
    // The URL changes before the tab re-renders: the old tab's Save would post the applications again.
    await expect(page.getByRole("heading", { level: 2, name: "Digital permissions" })).toBeVisible();
    await save(page);
    await expect(page.getByRole("alert")).toContainText("Validation Error: Selection required for: Dealer function");
    await page.getByRole("group", { name: "Dealer function (required)" }).getByLabel("Parts manager").check();
    await page.getByRole("group", { name: "Warranty claims (required)" }).getByLabel("Warranty administrator").check();
    await save(page);
    await expect(page).toHaveURL(/\/edit\/emails$/);
    await page.goto(`${userUrl}/edit/review`);
    await expect(reviewRow(page, /^Applications/)).toContainText("Dealer Analytics");
    await expect(reviewRow(page, /^Digital permissions/)).toContainText(
      "Dealer function: Parts manager; Warranty claims: Warranty administrator",
    );
    await page.getByRole("button", { name: "Complete and save" }).click();
    await expect(page).toHaveURL(/\/view\?saved=1$/);
    await page.goto(`${userUrl}/edit/permissions`);
    await expect(
      page.getByRole("group", { name: "Dealer function (required)" }).getByLabel("Parts manager"),
    ).toBeChecked();
  });

  test("a change of contact data prompts a review of the email preferences; keep changes and go there, choose a list, save", async ({
    page,
  }) => {
    const userUrl = await openEditor(page, CREATORS[project()]);
    await page.getByLabel("Listing name").fill(`Kim K. ${project()}`);
    await save(page);
    await expect(page).toHaveURL(/\/edit\/locations\?prompt=emails$/);
    const prompt = page.getByRole("dialog", { name: "Review Email preferences?" });
    await expect(prompt).toContainText("Your change is kept.");
    await prompt.getByRole("link", { name: "Keep changes and go to Email preferences" }).click();
    await expect(page).toHaveURL(/\/edit\/emails$/);
    await page.getByLabel("Training invitations").check();
    await save(page);
    await expect(page).toHaveURL(/\/edit\/review$/);
    await expect(reviewRow(page, /^Listing name/)).toContainText(`Kim K. ${project()}`);
    await expect(reviewRow(page, /^Email preferences/)).toContainText("Training invitations");
    await page.getByRole("button", { name: "Complete and save" }).click();
    await expect(page).toHaveURL(/\/view\?saved=1$/);
    await page.goto(`${userUrl}/edit/emails`);
    await expect(page.getByLabel("Training invitations")).toBeChecked();
    await page.goto(`${userUrl}/view/emails`);
    await expect(page.locator(".user-tab")).toContainText("Training invitations");
  });

  test("the auditor sees no Edit and is refused the editor", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/admin/users?q=dealer%40example.com");
    await page.getByRole("link", { name: /^View / }).click();
    await expect(page).toHaveURL(/\/view$/);
    await expect(page.getByRole("link", { name: "Edit user" })).toHaveCount(0);
    const editUrl = page.url().replace(/\/view$/, "/edit/contact");
    await page.goto(editUrl);
    await expect(page).toHaveURL(/\/access-denied/);
  });

  test("an unknown user or tab is Page not found; the discard asks first and drops the draft", async ({ page }) => {
    const userUrl = await openEditor(page, CREATORS[project()]);
    expect((await page.goto(`${userUrl}/edit/sessions`))?.status()).toBe(404);
    expect((await page.goto("/admin/users/999999/edit/contact"))?.status()).toBe(404);
    await page.goto(`${userUrl}/edit/contact`);
    const saved = await page.getByLabel("Listing name").inputValue();
    await page.getByLabel("Listing name").fill("To be discarded");
    await save(page);
    await page
      .getByRole("dialog", { name: "Review Email preferences?" })
      .getByRole("link", { name: "Continue here" })
      .click();
    await page.getByRole("link", { name: "Discard changes" }).click();
    await page
      .getByRole("dialog", { name: "Discard changes" })
      .getByRole("button", { name: "Discard changes" })
      .click();
    await expect(page).toHaveURL(/\/view$/);
    await page.goto(`${userUrl}/edit/contact`);
    await expect(page.getByLabel("Listing name")).toHaveValue(saved);
  });

  test("axe finds nothing on every tab of the editor in edit mode", async ({ page }) => {
    test.skip(!jsOn(), "axe needs JavaScript in the page");
    // One axe run per tab: several seconds each on a loaded CI machine.
    test.slow();
    const userUrl = await openEditor(page, CREATORS[project()]);
    for (const tab of ["contact", "locations", "roles", "applications", "permissions", "emails", "review"]) {
      await page.goto(`${userUrl}/edit/${tab}`);
      await ready(page);
      expect((await axeOn(page)).violations, tab).toEqual([]);
    }
  });
});

test.describe("issue #14 §6: the users API creates, changes and deletes with the screens' scope and checks", () => {
  test("POST creates (with the verification e-mail), PATCH changes with a stale check, DELETE removes; refusals say why", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.skip(!jsOn(), "an API check: once is enough");
    await signInShared(page, CREATORS[project()], "/");
    const roleIds = new Map<string, number>();
    for (const name of ["DEALER_STAFF", "PORTAL_ADMIN", "SALES_REPRESENTATIVE", "WARRANTY_ADMINISTRATOR"]) {
      const items = (await (await page.request.get(`/api/v2/admin/security-roles?q=${name}`)).json()).data.items;
      roleIds.set(name, items.find((role: { name: string }) => role.name === name).id);
    }
    const roleId = (name: string) => roleIds.get(name)!;
    const me = (await (await page.request.get(`/api/v2/admin/users?q=${CREATORS[project()]}`)).json()).data.items[0];
    const location = (await (await page.request.get(`/api/v2/admin/users/${me.id}`)).json()).data.locations[0].id;
    const body = {
      firstName: "Api",
      lastName: "Made",
      email: "api-made@example.com",
      preferredLanguage: "en",
      userType: "external",
      role: "regular",
      locations: [location],
      roles: [roleId("DEALER_STAFF")],
    };

    const missing = await page.request.post("/api/v2/admin/users", { data: { ...body, firstName: "" } });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error.fields.firstName).toEqual(["Value is required"]);
    const forged = await page.request.post("/api/v2/admin/users", {
      data: { ...body, roles: [roleId("PORTAL_ADMIN")] },
    });
    expect(forged.status()).toBe(403);
    // SPEC §5: every required permission set the new user is shown needs a selection.
    const unchosen = await page.request.post("/api/v2/admin/users", { data: body });
    expect(unchosen.status()).toBe(400);
    const [required] = (await unchosen.json()).error.fields.permissions;
    expect(required).toMatch(/^Validation Error: Selection required for: Dealer function/);
    const setId = async (name: string) =>
      (await (await page.request.get(`/api/v2/admin/permission-sets?q=${name}`)).json()).data.items.find(
        (set: { name: string }) => set.name === name,
      ).id;
    const permissions = [{ set: await setId("DEALER_FUNCTION"), roles: [roleId("SALES_REPRESENTATIVE")] }];
    if (required.includes("Warranty claims")) {
      permissions.push({ set: await setId("WARRANTY_CLAIMS"), roles: [roleId("WARRANTY_ADMINISTRATOR")] });
    }
    Object.assign(body, { permissions });
    const created = await page.request.post("/api/v2/admin/users", { data: body });
    expect(created.status()).toBe(201);
    const user = (await created.json()).data;
    expect(user).toMatchObject({ email: "api-made@example.com", status: "awaitingVerification" });
    const again = await page.request.post("/api/v2/admin/users", { data: body });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.fields.email).toEqual(["Another user already has this email address."]);

    const changed = await page.request.patch(`/api/v2/admin/users/${user.id}`, {
      data: { jobTitle: "Parts clerk", updatedAt: user.updatedAt },
    });
    expect(changed.status()).toBe(200);
    expect((await changed.json()).data.jobTitle).toBe("Parts clerk");
    const stale = await page.request.patch(`/api/v2/admin/users/${user.id}`, {
      data: { jobTitle: "Other", updatedAt: user.updatedAt },
    });
    expect(stale.status()).toBe(409);
    expect((await stale.json()).error.message).toContain("changed by someone else");
    expect((await page.request.patch("/api/v2/admin/users/999999", { data: { jobTitle: "x" } })).status()).toBe(404);

    // The auditor reads but may not change; a dealer may not even read.
    const context = await browser.newContext({ baseURL });
    const auditor = await context.newPage();
    await signInShared(auditor, "auditor@example.com", "/");
    expect((await auditor.request.patch(`/api/v2/admin/users/${user.id}`, { data: { jobTitle: "x" } })).status()).toBe(
      403,
    );
    expect((await auditor.request.delete(`/api/v2/admin/users/${user.id}`)).status()).toBe(403);
    await context.close();

    expect((await page.request.delete(`/api/v2/admin/users/${user.id}`)).status()).toBe(204);
    expect((await page.request.get(`/api/v2/admin/users/${user.id}`)).status()).toBe(404);
  });
});
