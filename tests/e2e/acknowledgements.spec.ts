import { expect, test } from "@playwright/test";
import { addTags, axeOn, exportedCsv, ready, signInShared } from "./helpers";
import { ACKNOWLEDGERS } from "./fixture-accounts";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const project = () => test.info().project.name as keyof typeof ACKNOWLEDGERS;

test.describe("issue #40 §3 announcements that must be acknowledged", () => {
  test("a dealer acknowledges an announcement and the receipt report counts it: names for the dealer's administrator, counts for the maker", async ({
    page,
    browser,
    baseURL,
  }) => {
    const me = ACKNOWLEDGERS[project()];
    const title = `Recall notice ${project()} ${Date.now()}`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    // The administrator writes it for one web role (this test's dealer alone) and asks for acknowledgement.
    await signInShared(page, "admin@example.com", "/admin/announcement");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Link URL").fill("https://news.vantor.example.com/recall");
    await page.getByLabel("Start date").fill(day(0));
    await page.getByLabel("Expiration date").fill(day(10));
    await page.getByRole("group", { name: "Brands" }).getByLabel("Vantor", { exact: true }).check();
    await page.getByRole("group", { name: "Regions" }).getByLabel("North America").check();
    await addTags(page, "Web security roles", [me.webRole], jsOn());
    await page.getByLabel("Requires acknowledgement").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog", { name: "Saved" })).toBeVisible();

    // The dealer finds it at the top of the feed, with "I have read this"; once confirmed it leaves the unread view.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const dealer = await context.newPage();
    await signInShared(dealer, me.email, "/", { javaScript: jsOn() });
    const first = dealer.getByTestId("announcement").first();
    await expect(first).toContainText(title);
    await expect(first).toContainText("Please confirm that you have read this announcement.");
    await first.getByRole("button", { name: `I have read this: ${title}` }).click();
    await expect(dealer.getByTestId("announcement").filter({ hasText: title })).toHaveCount(0);
    await dealer.locator('.announcements nav a[href*="announcements=read"]').click();
    const done = dealer.getByTestId("announcement").filter({ hasText: title });
    await expect(done).toContainText("Acknowledged");
    await expect(done.getByRole("button")).toHaveCount(0);
    await context.close();

    // The editor leads to its receipts once it reaches someone.
    await page.goto(new URL(page.url()).pathname);
    await expect(page.getByRole("link", { name: "Receipts: who has read and acknowledged it" })).toHaveAttribute(
      "href",
      /^\/admin\/acknowledgements\/\d+$/,
    );

    // The dealer's administrator (of Columbus): the receipts, per location, then who.
    await page.goto("/admin/acknowledgements");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcement receipts");
    const listed = page.getByTestId("acknowledgement-row").filter({ hasText: title });
    await expect(listed.locator("td.number")).toHaveText(["1", "1", "1", "100 %"]);
    await listed.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Receipts: ${title}`);
    const columbus = page.getByTestId("receipt-location");
    await expect(columbus).toHaveCount(1);
    await expect(columbus).toContainText("Prairie Equipment – Columbus");
    await expect(columbus.locator("td.number")).toHaveText(["1", "1", "1", "100 %"]);
    if (jsOn()) {
      await ready(page);
      expect((await axeOn(page)).violations).toEqual([]);
    }
    const csv = await exportedCsv(page, "Download CSV");
    expect(csv.header).toEqual(["Dealership", "Location", "Targeted", "Read", "Acknowledged"]);
    expect(csv.rows).toContainEqual(["Prairie Equipment Co.", "Prairie Equipment – Columbus", "1", "1", "1"]);
    await columbus.getByRole("link", { name: "Prairie Equipment – Columbus" }).click();
    await expect(page.getByRole("heading", { name: "Who at Prairie Equipment – Columbus" })).toBeVisible();
    const person = page.getByTestId("receipt-person");
    await expect(person).toHaveCount(1);
    await expect(person).toContainText(`Ada ${me.lastName}`);
    await expect(person.locator("td").last()).not.toHaveText("Not yet");

    // The maker's network manager: the same counts from the dashboard, no names.
    const oemContext = await browser.newContext({ baseURL, javaScriptEnabled: jsOn() });
    const oem = await oemContext.newPage();
    await signInShared(oem, "oem@example.com", "/admin/network", { javaScript: jsOn() });
    await oem.getByRole("link", { name: "Receipts of announcements that must be acknowledged" }).click();
    await oem.getByTestId("acknowledgement-row").filter({ hasText: title }).getByRole("link", { name: title }).click();
    const seen = oem.getByTestId("receipt-location");
    await expect(seen.locator("td.number")).toHaveText(["1", "1", "1", "100 %"]);
    await expect(seen.getByRole("link")).toHaveCount(0);
    const id = new URL(oem.url()).pathname.split("/").pop();
    expect((await oem.request.get(`/admin/acknowledgements/${id}?location=1`)).status()).toBe(404);
    await oemContext.close();
  });

  test("a user with neither the network nor user administration cannot open the receipts nor their export", async ({
    page,
  }) => {
    await signInShared(page, "dealer@example.com", "/admin/acknowledgements");
    await expect(page).toHaveURL(/\/access-denied\?from=/);
    const csv = await page.request.get("/admin/acknowledgements/1/receipts.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toMatch(/^\/access-denied\?from=/);
  });
});
