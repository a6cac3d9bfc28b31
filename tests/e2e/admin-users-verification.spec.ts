import { expect, test } from "@playwright/test";
import { E2E_MAIL_DIR } from "../../playwright.config";
import { mailsTo, verificationLinkIn } from "../support/mail-sink";
import { ready, signIn, signInShared, axeOn } from "./helpers";
import { LAPSED, NEWCOMERS } from "./fixture-accounts";

test.describe("issue #15 §2: a lapsed verification link", () => {
  test("the list filters and the user page show verification expired; a new link makes the user awaiting again", async ({
    page,
  }) => {
    const email = LAPSED[test.info().project.name as keyof typeof LAPSED];
    await signInShared(page, "admin@example.com", "/admin/users?status=verificationExpired");
    await expect(page.locator("table.data-table")).toContainText(email);
    await expect(page.locator("table.data-table")).not.toContainText(
      NEWCOMERS[test.info().project.name as keyof typeof NEWCOMERS],
    );
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "View Ada Lindqvist" }).click();
    await expect(page.locator(".notice").first()).toHaveText("Verification expired");
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.locator(".notice--success")).toHaveText("Verification email sent");
    await expect(page.locator(".notice").first()).toHaveText("Awaiting verification");
  });
});

test.describe("issue #14 §3: the verification e-mail and the new user's first password", () => {
  test("resend verification → the mail reaches the SMTP server → the user sets a password (policy, not their name) and signs in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = NEWCOMERS[test.info().project.name as keyof typeof NEWCOMERS];
    const jsOn = test.info().project.use.javaScriptEnabled !== false;
    await signInShared(page, "admin@example.com", `/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "View Ada Lindqvist" }).click();
    await expect(page.locator(".notice").first()).toHaveText("Awaiting verification");
    const before = mailsTo(E2E_MAIL_DIR, email).length;
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.locator(".notice--success")).toHaveText("Verification email sent");

    await expect.poll(() => mailsTo(E2E_MAIL_DIR, email).length).toBe(before + 1);
    const mail = mailsTo(E2E_MAIL_DIR, email).at(-1)!;
    expect(mail.subject).toBe("Verify your Dealer Portal account");
    expect(mail.text).toContain("within 72 hours");
    const link = new URL(verificationLinkIn(mail.text)!);

    // The new user has no session: a fresh browser context opens the link from the mail.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn });
    const newcomer = await context.newPage();
    try {
      await newcomer.goto(link.pathname);
      await ready(newcomer, jsOn);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText("Verify your email and set a password");
      await expect(newcomer.getByText(`as ${email}`)).toBeVisible();
      if (jsOn) expect((await axeOn(newcomer)).violations).toEqual([]);

      const submit = newcomer.getByRole("button", { name: "Verify and set password" });
      await newcomer.getByLabel("New password").fill("Lindqvist#2026");
      await newcomer.getByLabel("Confirm password").fill("Lindqvist#2026");
      await submit.click();
      await expect(newcomer.getByText("The password must not contain a part of your name")).toBeVisible();
      await newcomer.getByLabel("New password").fill("Fresh#Start26");
      await newcomer.getByLabel("Confirm password").fill("Fresh#Start27");
      await submit.click();
      await expect(newcomer.getByText("The value must be equal to the other value")).toBeVisible();
      await newcomer.getByLabel("New password").fill("Fresh#Start26");
      await newcomer.getByLabel("Confirm password").fill("Fresh#Start26");
      await submit.click();
      await expect(newcomer).toHaveURL(/\/verify-email\/done$/);
      await expect(
        newcomer.getByText("Your email address is verified and your password is set. You can now sign in."),
      ).toBeVisible();

      // The link works once; then the new password signs in through the real identity provider.
      await newcomer.goto(link.pathname);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
      await signIn(newcomer, email, "/", { password: "Fresh#Start26", javaScript: jsOn });
      await expect(newcomer.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(newcomer).not.toHaveURL(/\/signin\//);
    } finally {
      await context.close();
    }

    // Verified now: the admin sees the user active and no resend any more.
    await page.reload();
    await expect(page.locator(".notice").first()).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
  });

  test("an unknown link says it cannot be used; axe finds nothing on the verification page", async ({ page }) => {
    const response = await page.goto(`/verify-email/${"x".repeat(43)}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
    // axe runs inside the page: only where it runs scripts.
    if (test.info().project.use.javaScriptEnabled === false) return;
    const results = await axeOn(page);
    expect(results.violations).toEqual([]);
  });

  test("the API resends only for an unverified user of the admin's locations, and only for an administrator", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.skip(test.info().project.name !== "js-on", "an API check: once is enough");
    await signInShared(page, "admin@example.com", "/");
    const users = (await (await page.request.get("/api/v2/admin/users?q=dealer%40example.com")).json()).data.items;
    const dealer = users.find((user: { email: string }) => user.email === "dealer@example.com");
    const verified = await page.request.post(`/api/v2/admin/users/${dealer.id}/resend-verification`, { data: {} });
    expect(verified.status()).toBe(409);
    expect((await verified.json()).error.message).toBe(
      "This user has verified their email already; there is nothing to resend.",
    );
    expect((await page.request.post("/api/v2/admin/users/999999/resend-verification", { data: {} })).status()).toBe(
      404,
    );
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await signInShared(other, "dealer@example.com", "/");
    expect(
      (await other.request.post(`/api/v2/admin/users/${dealer.id}/resend-verification`, { data: {} })).status(),
    ).toBe(403);
    await context.close();
  });
});
