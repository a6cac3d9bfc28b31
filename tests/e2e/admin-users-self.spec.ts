import { expect, test, type Page } from "@playwright/test";
import { ready, signInShared } from "./helpers";

const ADMIN = "admin@example.com";
const REFUSED =
  "You cannot change your own user type, administrator or standard role, locations, roles, applications, digital permissions or status. Ask another administrator.";

/** The signed-in administrator's own id, from the users list's API. */
async function ownId(page: Page): Promise<number> {
  const list = await (await page.request.get(`/api/v2/admin/users?q=${encodeURIComponent(ADMIN)}`)).json();
  return list.data.items.find((user: { email: string }) => user.email === ADMIN).id;
}

// Nothing here changes the administrator: every write is one the portal refuses.
test.describe("issue #30: an administrator's own account in the admin screens and the API", () => {
  test("SPEC #30 an administrator cannot change their own roles, locations, user type, kind or status: the screens offer no such control and say why", async ({
    page,
  }) => {
    await signInShared(page, ADMIN, "/");
    const id = await ownId(page);

    await page.goto(`/admin/users/${id}/view`);
    await expect(page.getByText(REFUSED)).toBeVisible();
    const actions = page.getByRole("region", { name: "Actions" });
    await expect(page.getByRole("link", { name: "Deactivate", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete", exact: true })).toHaveCount(0);
    await expect(actions.getByRole("link")).toHaveCount(0);

    await page.goto(`/admin/users/${id}/view/sessions`);
    await expect(page.getByText("These are your own sessions, so you cannot end them here.")).toBeVisible();
    await expect(page.getByRole("button", { name: "End all sessions" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "End all sessions" })).toHaveCount(0);

    // On a read-only tab the editor's link leads to the contact information instead.
    await page.goto(`/admin/users/${id}/view/roles`);
    await expect(page.getByRole("link", { name: "Edit user" })).toHaveAttribute(
      "href",
      `/admin/users/${id}/edit/contact`,
    );

    for (const tab of ["locations", "roles", "applications", "permissions"]) {
      await page.goto(`/admin/users/${id}/edit/${tab}`);
      await ready(page);
      await expect(page.getByText(REFUSED)).toBeVisible();
      await expect(page.getByRole("button", { name: "Save and continue" })).toHaveCount(0);
    }

    await page.goto(`/admin/users/${id}/edit/contact`);
    await ready(page);
    await expect(page.getByLabel("User type")).toBeDisabled();
    await expect(page.getByLabel("Role", { exact: true })).toBeDisabled();
    await expect(page.getByLabel("Job title")).toBeEnabled();
    await expect(page.getByRole("button", { name: "Save and continue" })).toBeVisible();
    // Leave no draft behind: nothing was posted.
  });

  test("SPEC #30 an administrator cannot change their own user type, roles or status through the API: 403 with the message", async ({
    page,
  }) => {
    test.skip(
      test.info().project.use.javaScriptEnabled === false,
      "API test: the browser's scripting does not matter; once is enough",
    );
    await signInShared(page, ADMIN, "/");
    const id = await ownId(page);
    const before = (await (await page.request.get(`/api/v2/admin/users/${id}`)).json()).data;

    const patched = await page.request.patch(`/api/v2/admin/users/${id}`, {
      data: { userType: before.userType === "internal" ? "external" : "internal" },
    });
    expect(patched.status()).toBe(403);
    expect((await patched.json()).error.message).toBe(REFUSED);
    const kind = await page.request.patch(`/api/v2/admin/users/${id}`, { data: { role: "regular" } });
    expect(kind.status()).toBe(403);

    const deactivated = await page.request.post(`/api/v2/admin/users/${id}/deactivate`, { data: { reason: "other" } });
    expect(deactivated.status()).toBe(403);
    expect((await deactivated.json()).error.message).toBe(
      "You cannot deactivate your own account. Ask another administrator.",
    );
    expect((await page.request.post(`/api/v2/admin/users/${id}/activate`, { data: {} })).status()).toBe(403);
    const deleted = await page.request.delete(`/api/v2/admin/users/${id}`);
    expect(deleted.status()).toBe(403);
    expect((await deleted.json()).error.message).toBe("You cannot delete your own account here.");

    const after = (await (await page.request.get(`/api/v2/admin/users/${id}`)).json()).data;
    expect(after).toMatchObject({ userType: before.userType, role: before.role, status: before.status });
    expect(after.assignments).toEqual(before.assignments);
  });
});
