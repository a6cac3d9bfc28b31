import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { DEMO_PASSWORD } from "./helpers";

/** The portal's client credentials at the embedded provider (secret derived from the session secret). */
function clientCredentials() {
  const secret = readFileSync(path.join(E2E_DATA_DIR, "session-secret"), "utf8").trim();
  return { id: "dealer-portal", secret: createHmac("sha256", secret).update("oidc-client").digest("base64url") };
}

/**
 * Runs the authorization step in the browser, as a third-party client would, and reads the code
 * from the redirect URI. (The portal's own callback refuses it, since the state cookie is not
 * the portal's, and so leaves the code unused.)
 */
async function authorizationCode(page: Page, baseURL: string, challenge: string): Promise<string> {
  const params = new URLSearchParams({
    client_id: "dealer-portal",
    response_type: "code",
    redirect_uri: `${baseURL}/login/callback`,
    scope: "openid email profile",
    state: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  await page.goto(`/oidc/auth?${params}`);
  // The first time the provider asks for credentials; after that its session signs in at once.
  if (!page.url().includes("/login/callback")) {
    await page.getByLabel("Email").fill("auditor@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.waitForURL(/\/login\/callback\?/);
  const code = new URL(page.url()).searchParams.get("code");
  expect(code).toBeTruthy();
  return code!;
}

test.describe("the embedded identity provider as an OAuth server", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "protocol test: once is enough");

  test("PKCE is required: an authorization request without a code challenge is refused", async ({ page, baseURL }) => {
    const params = new URLSearchParams({
      client_id: "dealer-portal",
      response_type: "code",
      redirect_uri: `${baseURL}/login/callback`,
      scope: "openid",
      state: "s",
    });
    await page.goto(`/oidc/auth?${params}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in could not be completed");
  });

  test("a code exchanged with its verifier gives a bearer token that ui-access-data accepts", async ({
    page,
    request,
    baseURL,
  }) => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const code = await authorizationCode(page, baseURL!, challenge);
    const client = clientCredentials();
    const basic = Buffer.from(`${client.id}:${client.secret}`).toString("base64");
    const exchange = (codeVerifier: string) =>
      request.post("/oidc/token", {
        headers: { Authorization: `Basic ${basic}` },
        form: {
          grant_type: "authorization_code",
          code,
          redirect_uri: `${baseURL}/login/callback`,
          code_verifier: codeVerifier,
        },
      });

    const wrongVerifier = await exchange(randomBytes(32).toString("base64url"));
    expect(wrongVerifier.status()).toBe(400);

    const code2 = await authorizationCode(page, baseURL!, challenge);
    const response = await request.post("/oidc/token", {
      headers: { Authorization: `Basic ${basic}` },
      form: {
        grant_type: "authorization_code",
        code: code2,
        redirect_uri: `${baseURL}/login/callback`,
        code_verifier: verifier,
      },
    });
    expect(response.status()).toBe(200);
    const tokens = await response.json();
    expect(tokens.token_type).toBe("Bearer");

    const access = await request.get("/api/v2/user/ui-access-data", {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(access.status()).toBe(200);
    expect((await access.json()).features).toContain("audit:users:read");
    const notifications = await request.get("/api/v2/user/notifications", {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(notifications.status()).toBe(200);
    expect(Array.isArray((await notifications.json()).data.items)).toBe(true);
    const forged = await request.get("/api/v2/user/notifications", {
      headers: { Authorization: "Bearer not-a-token" },
    });
    expect(forged.status()).toBe(401);
  });
});
