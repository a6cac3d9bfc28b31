import { expect, test } from "@playwright/test";
import { signInShared } from "./helpers";

const feed = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Announcements" });

test.describe("announcements feed", () => {
  test("unread counts per brand in the brand switcher, and the total on the change-brands entry", async ({ page }) => {
    await signInShared(page, "employee@example.com", "/?modal=brands");
    const dialog = page.getByRole("dialog", { name: "Choose a brand" });
    await expect(dialog.getByTestId("unread-brand-1")).toContainText("3 unread announcements");
    await expect(dialog.getByTestId("unread-brand-2")).toContainText("3");
    await expect(dialog.getByTestId("unread-brand-3")).toContainText("1");
    await expect(dialog.getByTestId("unread-brand-4")).toContainText("1");
    await expect(dialog.getByTestId("unread-brand-5")).toContainText("1");
    await expect(page.getByTestId("unread-badge")).toContainText("6");
  });

  test("priority then title; future and expired ones stay hidden; internal users see the description", async ({
    page,
  }) => {
    await signInShared(page, "employee@example.com");
    const titles = await feed(page).getByRole("heading", { level: 3 }).allTextContents();
    expect(titles).toEqual(["Warranty policy update", "New parts catalogue released", "Dealer meeting in Chicago"]);
    await expect(feed(page).getByText("Year-end closing hours")).toHaveCount(0);
    await expect(feed(page).getByText("Winter checklist")).toHaveCount(0);
    await expect(feed(page).getByText("Internal: reviewed by legal on 2 November.")).toBeVisible();
    await feed(page).getByRole("link", { name: /^Read/ }).click();
    await expect(feed(page).getByRole("heading", { name: "Spring service campaign" })).toBeVisible();
  });

  test("an external user does not see the description", async ({ page }) => {
    await signInShared(page, "auditor@example.com");
    await expect(feed(page).getByRole("heading", { name: "Warranty policy update" })).toBeVisible();
    await expect(feed(page).getByText("Internal: reviewed by legal on 2 November.")).toHaveCount(0);
  });

  test("marking read moves an announcement to the read view; opening does too and follows its link", async ({
    page,
  }, testInfo) => {
    // Each project works on its own account, so the two runs do not change each other's feed.
    const email = testInfo.project.name === "js-on" ? "dealer@example.com" : "partner@example.com";
    await signInShared(page, email, "/documents");
    await page.goto("/#feed");
    const item = feed(page).getByTestId("announcement").filter({ hasText: "New parts catalogue released" });
    await item.getByRole("button", { name: "Mark as read: New parts catalogue released" }).click();
    await expect(feed(page).getByRole("heading", { name: "New parts catalogue released" })).toHaveCount(0);
    await feed(page).getByRole("link", { name: /^Read/ }).click();
    await expect(feed(page).getByRole("heading", { name: "New parts catalogue released" })).toBeVisible();

    await page.goto("/?announcements=unread#feed");
    const open = feed(page).getByRole("link", { name: /^Open: Warranty policy update/ });
    await expect(open).toHaveAttribute("target", "_blank");
    // Opening marks it read and sends the browser on to the announcement's link.
    const opened = await page.request.get((await open.getAttribute("href"))!, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers()["location"]).toBe("https://warranty.vantor.example.com/policy");
    await page.goto("/?announcements=read#feed");
    await expect(feed(page).getByRole("heading", { name: "Warranty policy update" })).toBeVisible();
  });

  test("a forged mark-read or open of an announcement the user cannot see changes nothing", async ({ page }) => {
    await signInShared(page, "auditor@example.com");
    // Announcement 7 is the Halden one (brand 3, EMEA), which the auditor does not see.
    const forged = await page.request.post("/?index", {
      form: { intent: "markRead", announcementId: "7" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    expect((await page.request.get("/announcements/7/open", { maxRedirects: 0 })).status()).toBe(404);
    await page.goto("/?announcements=read");
    await expect(feed(page).getByRole("heading", { name: "Halden summer stock offer" })).toHaveCount(0);
    await expect(feed(page).getByText("You have not read any announcements yet.")).toBeVisible();
  });
});
