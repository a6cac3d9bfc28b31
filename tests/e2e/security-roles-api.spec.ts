import { expect, test, type Page } from "@playwright/test";
import { signInShared } from "./helpers";
import { ROLE_PROBE } from "./fixture-accounts";

interface Role {
  id: number;
  name: string;
  displayName: string;
  features: string[];
  children: number[];
  parents: number[];
  assignableBy: number[];
  relations: { roleId: number; name: string }[];
  updatedAt: string;
}

async function roleNamed(page: Page, name: string): Promise<Role> {
  const list = await (await page.request.get(`/api/v2/admin/security-roles?q=${name}`)).json();
  const row = (list.data.items as Role[]).find((r) => r.name === name)!;
  return (await (await page.request.get(`/api/v2/admin/security-roles/${row.id}`)).json()).data;
}

/** The security roles and permission sets API of issue #13 §3, with a signed-in browser's session. */
test.describe("security roles and permission sets API", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "API test: the browser's scripting does not matter; once is enough",
  );

  test("admin creates a role with two features and a child, edits it, finds it, and cannot close a cycle", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const staff = await roleNamed(page, "DEALER_STAFF");
    const created = await page.request.post("/api/v2/admin/security-roles", {
      data: {
        name: "E2E_FLEET_LEAD",
        displayName: "Fleet lead",
        features: ["admin:applications:read", "admin:announcements:read"],
        children: [staff.id],
        activities: ["Plan fleet service"],
      },
    });
    expect(created.status()).toBe(201);
    const role = (await created.json()).data as Role;
    expect(role.children).toEqual([staff.id]);
    expect(role.features).toEqual(["admin:announcements:read", "admin:applications:read"]);

    const edited = await page.request.put(`/api/v2/admin/security-roles/${role.id}`, {
      data: { ...role, displayName: "Fleet lead (EMEA)" },
    });
    expect(edited.status()).toBe(200);
    expect(((await edited.json()).data as Role).displayName).toBe("Fleet lead (EMEA)");
    const stale = await page.request.put(`/api/v2/admin/security-roles/${role.id}`, { data: role });
    expect(stale.status()).toBe(409);

    const found = await (await page.request.get("/api/v2/admin/security-roles?q=fleet%20lead")).json();
    expect(found.data.items.map((r: Role) => r.name)).toEqual(["E2E_FLEET_LEAD"]);

    // Dealer staff (now Fleet lead's child, as read again) made Fleet lead's parent: refused, naming the cycle.
    const staffNow = await roleNamed(page, "DEALER_STAFF");
    expect(staffNow.parents).toContain(role.id);
    const cycle = await page.request.put(`/api/v2/admin/security-roles/${staff.id}`, {
      data: { ...staffNow, children: [role.id] },
    });
    expect(cycle.status()).toBe(400);
    expect((await cycle.json()).error.message).toBe(
      "Saving would make a cycle of parents and children: Dealer staff → Fleet lead (EMEA) → Dealer staff. Remove one of these links.",
    );
    expect(await roleNamed(page, "DEALER_STAFF")).toEqual(staffNow);

    const unknownFeature = await page.request.post("/api/v2/admin/security-roles", {
      data: { name: "E2E_TYPO", displayName: "Typo", features: ["documents:veiw"] },
    });
    expect(unknownFeature.status()).toBe(400);
    expect((await unknownFeature.json()).error.fields["features.0"]).toEqual(["Choose features from the list."]);

    expect((await page.request.delete(`/api/v2/admin/security-roles/${role.id}`)).status()).toBe(204);
  });

  test("a held role cannot be deleted: the answer says how many hold and offer it", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/");
    const staff = await roleNamed(page, "DEALER_STAFF");
    const refused = await page.request.delete(`/api/v2/admin/security-roles/${staff.id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toMatch(
      /^The role cannot be deleted: (1 user holds|\d+ users hold) it and 1 permission set offers it\. Remove it from them first\.$/,
    );
  });

  test("a change to a role's features holds on its holder's next request (and is put back)", async ({
    page,
    browser,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const role = await roleNamed(page, ROLE_PROBE.role);
    const probe = await browser.newContext();
    const probePage = await probe.newPage();
    try {
      await signInShared(probePage, ROLE_PROBE.email, "/documents");
      await expect(probePage).toHaveURL(/\/documents$/);
      const removed = await page.request.put(`/api/v2/admin/security-roles/${role.id}`, {
        data: { ...role, features: [] },
      });
      expect(removed.status()).toBe(200);
      await probePage.goto("/documents");
      await expect(probePage).toHaveURL(/\/access-denied\?from=%2Fdocuments$/);
    } finally {
      const now = await roleNamed(page, ROLE_PROBE.role);
      await page.request.put(`/api/v2/admin/security-roles/${role.id}`, { data: { ...now, features: role.features } });
      await probe.close();
    }
    expect((await roleNamed(page, ROLE_PROBE.role)).features).toEqual(["documents:view"]);
  });

  test("read-only and unrelated users are refused every write and see nothing they may not", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/");
    expect((await page.request.get("/api/v2/admin/security-roles")).status()).toBe(403);
    const forged = await page.request.post("/api/v2/admin/security-roles", {
      data: { name: "E2E_FORGED", displayName: "Forged" },
    });
    expect(forged.status()).toBe(403);
    expect((await page.request.post("/api/v2/admin/permission-sets", { data: {} })).status()).toBe(403);
  });

  test("admin creates a required permission set; an empty selection of roles is refused", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/");
    const staff = await roleNamed(page, "DEALER_STAFF");
    const empty = await page.request.post("/api/v2/admin/permission-sets", {
      data: { name: "E2E_EMPTY", displayName: "Empty", selectionMode: "single", securityRoles: [] },
    });
    expect(empty.status()).toBe(400);
    const created = await page.request.post("/api/v2/admin/permission-sets", {
      data: {
        name: "E2E_REQUIRED_SET",
        displayName: "Required set",
        required: true,
        selectionMode: "single",
        securityRoles: [staff.id],
      },
    });
    expect(created.status()).toBe(201);
    const set = (await created.json()).data;
    expect(set).toMatchObject({
      required: true,
      selectionMode: "single",
      applicationId: null,
      securityRoles: [staff.id],
    });
    const again = await page.request.post("/api/v2/admin/permission-sets", {
      data: { name: "E2E_REQUIRED_SET", displayName: "Again", selectionMode: "multiple", securityRoles: [staff.id] },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).error.fields.name).toEqual(["Another permission set has this name."]);
    expect((await page.request.delete(`/api/v2/admin/permission-sets/${set.id}`)).status()).toBe(204);
  });
});
