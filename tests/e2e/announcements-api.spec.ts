import { expect, test } from "@playwright/test";
import { signInShared } from "./helpers";

/** The announcements API of SPEC §7, with the session cookie of a signed-in browser. */
test.describe("announcements API", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "API test: the browser's scripting does not matter; once is enough",
  );

  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const body = (title: string) => ({
    title,
    description: "Made through the API",
    content: "<p>Hello <em>API</em></p><img src=x onerror=alert(1)>",
    language: "nl",
    priority: "lowest",
    linkUrl: "https://news.vantor.example.com/api",
    startDate: today,
    expirationDate: later,
    brandIds: [1],
    regionCodes: ["NA"],
  });

  test("GET /user/notifications answers data.items for the signed-in user, narrowed by brands and regionCode", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const all = await page.request.get("/api/v2/user/notifications?language=en");
    expect(all.status()).toBe(200);
    const items = (await all.json()).data.items as {
      title: string;
      brands: { id: number; name: string }[];
      read: boolean;
    }[];
    expect(items.map((i) => i.title)).toContain("Dealer administration checklist");
    const brand4 = (
      await (await page.request.get("/api/v2/user/notifications?language=en&brands=4&regionCode=NA,EMEA")).json()
    ).data.items as typeof items;
    expect(brand4.length).toBeGreaterThan(0);
    expect(brand4.length).toBeLessThan(items.length);
    expect(brand4.every((i) => i.brands.some((b) => b.id === 4))).toBe(true);
    const elsewhere = await (await page.request.get("/api/v2/user/notifications?displayLocationCode=nowhere")).json();
    expect(elsewhere.data.items).toEqual([]);
  });

  test("signed out, the API answers 401 and no redirect", async ({ request }) => {
    const response = await request.get("/api/v2/user/notifications", { maxRedirects: 0 });
    expect(response.status()).toBe(401);
    expect((await request.get("/api/v2/announcements", { maxRedirects: 0 })).status()).toBe(401);
  });

  test("admin creates, reads, updates and deletes through the API; the body is validated and the content sanitised", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/");
    const invalid = await page.request.post("/api/v2/announcements", {
      data: { ...body(""), linkUrl: "nope", brandIds: [] },
    });
    expect(invalid.status()).toBe(400);
    const problems = (await invalid.json()).error;
    expect(problems.message).toBe("Please correct the errors marked");
    expect(problems.fields.linkUrl).toEqual(["The value is not a valid URL address"]);
    expect(problems.fields.brandIds).toEqual(["Validation Error: Selection required for: Brands"]);

    const created = await page.request.post("/api/v2/announcements", { data: body("API notice") });
    expect(created.status()).toBe(201);
    const record = (await created.json()).data;
    expect(record.content).toBe("<p>Hello <em>API</em></p>");

    const collection = await (await page.request.get(`/api/v2/announcements/collection/${record.id},999999`)).json();
    expect(collection.data.items.map((a: { title: string }) => a.title)).toEqual(["API notice"]);
    expect((await page.request.get("/api/v2/announcements/collection/1,abc")).status()).toBe(400);

    const listed = await (await page.request.get("/api/v2/announcements?q=API%20notice")).json();
    expect(listed.data.items.map((a: { id: number }) => a.id)).toEqual([record.id]);

    const updated = await page.request.put(`/api/v2/announcements/${record.id}`, {
      data: { ...body("API notice, revised"), updatedAt: record.updatedAt },
    });
    expect(updated.status()).toBe(200);
    const stale = await page.request.put(`/api/v2/announcements/${record.id}`, {
      data: { ...body("Lost update"), updatedAt: record.updatedAt },
    });
    expect(stale.status()).toBe(409);
    expect((await (await page.request.get(`/api/v2/announcements/${record.id}`)).json()).data.title).toBe(
      "API notice, revised",
    );

    expect((await page.request.delete(`/api/v2/announcements/${record.id}`)).status()).toBe(204);
    expect((await page.request.get(`/api/v2/announcements/${record.id}`)).status()).toBe(404);
    expect((await page.request.delete(`/api/v2/announcements/${record.id}`)).status()).toBe(404);
  });

  test("definitions list what an announcement may hold", async ({ page }) => {
    await signInShared(page, "auditor@example.com", "/");
    const definitions = (await (await page.request.get("/api/v2/announcements/definitions")).json()).data;
    expect(definitions.priorities).toEqual(["highest", "medium", "lowest"]);
    expect(definitions.brands).toHaveLength(5);
    expect(definitions.roles).toContain("DEALER_ADMIN");
  });

  test("guarded like the screens: the auditor reads but cannot write; a dealer cannot even read", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInShared(page, "auditor@example.com", "/");
    expect((await page.request.get("/api/v2/announcements")).status()).toBe(200);
    expect((await page.request.post("/api/v2/announcements", { data: body("Auditor notice") })).status()).toBe(403);
    expect((await page.request.put("/api/v2/announcements/1", { data: body("Auditor edit") })).status()).toBe(403);
    expect((await page.request.delete("/api/v2/announcements/1")).status()).toBe(403);

    const context = await browser.newContext({ baseURL });
    const dealer = await context.newPage();
    await signInShared(dealer, "dealer@example.com", "/");
    for (const path of [
      "/api/v2/announcements",
      "/api/v2/announcements/definitions",
      "/api/v2/announcements/collection/1",
      "/api/v2/announcements/1",
    ]) {
      expect((await dealer.request.get(path)).status(), path).toBe(403);
    }
    expect((await dealer.request.get("/api/v2/user/notifications")).status()).toBe(200);
    await context.close();
  });

  test("a cross-site write with the admin's cookie is refused and creates nothing", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/");
    const forged = await page.request.post("/api/v2/announcements", {
      data: body("Forged notice"),
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    // A "simple" cross-site request (text/plain needs no CORS preflight) is refused on its type too.
    const plain = await page.request.post("/api/v2/announcements", {
      data: JSON.stringify(body("Forged notice")),
      headers: { "Content-Type": "text/plain" },
    });
    expect(plain.status()).toBe(415);
    const listed = await (await page.request.get("/api/v2/announcements?q=Forged%20notice")).json();
    expect(listed.data.items).toEqual([]);
  });
});
