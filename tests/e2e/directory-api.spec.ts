import { expect, test } from "@playwright/test";
import { signInShared } from "./helpers";

interface DirectoryLocation {
  id: number;
  locationName: string;
  configurations: {
    id: number;
    items: { id: number; name: string; required: boolean; identity: { id: number; email: string } | null }[];
  }[];
}

test.describe("issue #16 §4: the directory data API (SPEC §7 directory-data)", () => {
  test.skip(
    () => test.info().project.use.javaScriptEnabled === false,
    "the API does not depend on the page's JavaScript",
  );

  test("locations with their roles and holders, person search, a refused and a good save, the last review date; 403 without admin:users:write", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, "admin@example.com");
    const locationsOf = async (path: string) =>
      ((await (await page.request.get(path)).json()) as { items: DirectoryLocation[] }).items;
    // The default context is SINGULAR_ROLES, the default brand 1.
    const [singular] = await locationsOf("/api/v2/admin/directory-data/SINGULAR_ROLES");
    expect(singular.locationName).toBe("Prairie Equipment – Columbus");
    expect(singular.configurations[0].items.map((i) => i.name)).toEqual(["WARRANTY_SIGNATORY", "CREDIT_APPROVER"]);
    const [columbus] = await locationsOf("/api/v2/admin/directory-data/DEALER_LOCATION?brandIds=1,2");
    const sales = columbus.configurations[0].items.find((i) => i.name === "SALES_CONTACT")!;
    expect(sales.identity?.email).toBe("dealer@example.com");
    expect((await page.request.get("/api/v2/admin/directory-data/DEALER_LOCATION?brandIds=x")).status()).toBe(400);
    expect((await page.request.get("/api/v2/admin/directory-data/OTHER")).status()).toBe(404);

    const search = await page.request.get(
      `/api/v2/admin/directory-data/DEALER_LOCATION/identities-search?orgId=${columbus.id}&directoryDataTypeId=${sales.id}&text=riley&limit=30`,
    );
    const people = ((await search.json()) as { data: { items: { id: number; email: string }[] } }).data.items;
    expect(people.map((p) => p.email)).toEqual(["auditor@example.com"]);

    const save = (selections: { directoryDataTypeId: number; identityId: number }[]) =>
      page.request.post("/api/v2/admin/directory-data/DEALER_LOCATION/selections", {
        data: { directoryDataConfigurationId: columbus.configurations[0].id, organizationId: columbus.id, selections },
      });
    expect((await save([{ directoryDataTypeId: sales.id, identityId: -1 }])).status()).toBe(400);
    // The placeholder 0 is dropped: nothing changes.
    const unchanged = await save([{ directoryDataTypeId: sales.id, identityId: 0 }]);
    expect(await unchanged.json()).toEqual({ data: { changed: 0 } });
    const formPost = await page.request.post("/api/v2/admin/directory-data/DEALER_LOCATION/selections", {
      form: { organizationId: String(columbus.id) },
    });
    expect(formPost.status()).toBe(415);

    const reviewed = await page.request.put("/api/v2/admin/directory-data/last-review-date/DEALER_LOCATION");
    expect(await reviewed.json()).toEqual({ data: { context: "DEALER_LOCATION" } });

    const context = await browser.newContext({ baseURL });
    const dealer = await context.newPage();
    await signInShared(dealer, "dealer@example.com", "/documents");
    expect((await dealer.request.get("/api/v2/admin/directory-data/DEALER_LOCATION")).status()).toBe(403);
    await context.close();
  });
});
