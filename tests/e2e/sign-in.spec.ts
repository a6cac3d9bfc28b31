import { expect, test } from "@playwright/test";
import { signIn, pathOf } from "./helpers";

test("sign-in returns to the original address", async ({ page }) => {
  await signIn(page, "dealer@example.com", "/?welcome=1#top");
  expect(await pathOf(page)).toBe("/?welcome=1");
});

test("sign-in from the root lands on home with a welcome", async ({ page }) => {
  await signIn(page, "dealer@example.com");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Dana");
  await expect(page).toHaveTitle("Home | Vantor");
});

test("wrong credentials give one generic message and keep the email", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Email").fill("dealer@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(page.getByLabel("Email")).toHaveValue("dealer@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page).toHaveTitle("Dealer Portal");
});

test("an empty sign-in form says which values are required", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Value is required")).toHaveCount(2);
});

test("an invalid email gets the spec's email message", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("x");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Value is not a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("five failures lock the account for 15 minutes", async ({ page }, testInfo) => {
  const email = `nobody-${testInfo.project.name}@example.com`;
  await page.goto("/");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toHaveText("Too many failed sign-in attempts. Try again in 15 minutes.");
});

test("a forged callback shows a translated error with a sign-in link", async ({ page }) => {
  const response = await page.goto("/login/callback?code=forged&state=forged");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in could not be completed");
  await expect(page.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login");
  await expect(page.locator("body")).not.toContainText("Error:");
});

test("sign-out ends the portal and provider sessions", async ({ page }) => {
  await signIn(page, "dealer@example.com");
  await page.getByTestId("profile-menu").locator("summary").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  // Without JavaScript the provider's page asks once more; with it, the page submits itself.
  await expect(page).toHaveURL(/\/oidc\/session\/end|\/signin\/|\/$/);
  if (page.url().includes("/oidc/session/end")) await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/signed out|Sign in/);
  // After sign-out a guarded page asks for credentials again (the provider's session ended too).
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin\//);
  await expect(page.getByLabel("Password")).toBeVisible();
});

test("a tampered session cookie means signed out", async ({ page, context }) => {
  await signIn(page, "dealer@example.com");
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "__session");
  expect(session).toBeDefined();
  await context.addCookies([{ ...session!, value: session!.value.slice(0, -4) + "AAAA" }]);
  const response = await page.request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login?returnTo=%2F");
});
