/**
 * Session time-outs and expired passwords enforced by the server (issue #15 §5), over HTTP with no
 * JavaScript: what a locked-down browser meets at its next request. The database's clock is
 * moved instead of waiting: the session's sign-in and last request, the password's last change.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalClient, startPortal, type Portal } from "./portal";

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ PASSWORD_MAX_AGE_DAYS: "90" });
});

afterAll(async () => {
  await portal?.close();
});

async function age(email: string, set: { lastSeen?: string; created?: string }) {
  const owner = sql`identity_id = (select id from identities where lower(email) = ${email})`;
  if (set.lastSeen)
    await portal.db.execute(sql`update sessions set last_seen_at = now() - ${set.lastSeen}::interval where ${owner}`);
  if (set.created)
    await portal.db.execute(sql`update sessions set created_at = now() - ${set.created}::interval where ${owner}`);
}

/** The page a signed-out request lands on, following the portal's and the provider's redirects. */
async function landing(client: PortalClient, path: string) {
  const first = await client.send(path);
  expect(first.status, `${path} redirects`).toBe(302);
  expect(first.headers.get("location")).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
  const { response, url } = await client.follow(first, path);
  return { url, html: await response.text() };
}

describe("issue #15 §5 session time-outs on the server (pages and API, without JavaScript)", () => {
  it("idle time-out: a session used within SESSION_IDLE_MINUTES stands", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("auditor@example.com");
    await age("auditor@example.com", { lastSeen: "29 minutes" });
    const page = await client.send("/");
    expect(page.status, page.headers.get("location") ?? "").toBe(200);
    await page.body?.cancel();
  });

  it("idle time-out: the next request after the limit lands on sign-in with the inactivity message, and the provider's own sign-in does not let the user back in", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("dealer@example.com");
    await age("dealer@example.com", { lastSeen: "31 minutes" });
    const { url, html } = await landing(client, "/documents");
    // The provider still had its sign-in: without prompt=login it would have gone straight back.
    expect(url.pathname).toMatch(/^\/signin\//);
    expect(html).toContain("You have been logged out due to inactivity. Sign in again to continue.");
    const rows = await portal.db.execute(
      sql`select count(*)::int as n from sessions where identity_id = (select id from identities where email = 'dealer@example.com')`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    // Signing in again opens the portal, and the notice is gone with it.
    expect(client.jar.has("portal_signin_notice")).toBe(true);
    await client.signIn("dealer@example.com");
    expect(client.jar.has("portal_signin_notice")).toBe(false);
  });

  it("absolute time-out: SESSION_MAX_HOURS after sign-in the session ends however busy, with its own message", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("employee@example.com");
    await age("employee@example.com", { created: "12 hours 1 minute", lastSeen: "10 seconds" });
    const { url, html } = await landing(client, "/documents");
    expect(url.pathname).toMatch(/^\/signin\//);
    expect(html).toContain("Your session has ended. Sign in again to continue.");
  });

  it("the API refuses a session past the idle limit with 401", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("admin@example.com");
    expect(await client.signedIn()).toBe(true);
    await age("admin@example.com", { lastSeen: "2 hours" });
    const response = await client.send("/api/v2/user");
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });
});

describe("issue #15 §5 expired password: a new one before the portal opens", () => {
  it("a password older than PASSWORD_MAX_AGE_DAYS asks for a new one with the password-expired message; a refused one keeps the step; a good one opens the portal", async () => {
    await portal.db.execute(
      sql`update identities set last_passport_change = now() - interval '91 days' where email = 'auditor@example.com'`,
    );
    const client = new PortalClient(portal.origin, portal.db);
    const { url } = await client.follow(await client.send("/login?returnTo=/"), "/login?returnTo=/");
    expect(url.pathname).toMatch(/^\/signin\//);
    const signInForm = new URLSearchParams({ email: "auditor@example.com", password: "Demo#Portal2026" });
    const post = (form: URLSearchParams) =>
      client.send(url.pathname, {
        method: "POST",
        body: form.toString(),
        contentType: "application/x-www-form-urlencoded",
      });
    const step = await post(signInForm);
    expect(step.status).toBe(200);
    const stepHtml = await step.text();
    expect(stepHtml).toContain("Your password has expired. Choose a new password to continue.");
    // The portal has not opened: no session yet.
    expect(client.jar.has("__session")).toBe(false);

    const change = (password: string, confirmPassword = password) =>
      post(new URLSearchParams({ intent: "replaceExpiredPassword", password, confirmPassword }));
    const weak = await change("short");
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Your password has expired");
    const same = await change("Demo#Portal2026");
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("Choose a password different from the one that expired");
    expect(client.jar.has("__session")).toBe(false);

    const done = await change("Fresh#Auditor2026");
    expect(done.status).toBe(302);
    const { response, url: home } = await client.follow(done, url.pathname);
    await response.body?.cancel();
    expect(home.pathname).toBe("/");
    expect(client.jar.has("__session")).toBe(true);
    const changed = await portal.db.execute(
      sql`select last_passport_change > now() - interval '1 minute' as fresh from identities where email = 'auditor@example.com'`,
    );
    expect((changed as unknown as { rows: { fresh: boolean }[] }).rows[0].fresh).toBe(true);
    // The new password signs in straight to the portal.
    await new PortalClient(portal.origin, portal.db).signIn("auditor@example.com", "Fresh#Auditor2026");
  });

  it("the step cannot be skipped: without the sign-in that proved the old password, a new one is refused", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    const { url } = await client.follow(await client.send("/login?returnTo=/"), "/login?returnTo=/");
    const response = await client.send(url.pathname, {
      method: "POST",
      body: new URLSearchParams({
        intent: "replaceExpiredPassword",
        password: "Other#Pass2026x",
        confirmPassword: "Other#Pass2026x",
      }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("The sign-in page has expired");
    expect(client.jar.has("__session")).toBe(false);
  });
});

describe("SPEC §4 Token: tokens renew automatically", () => {
  type Tokens = { accessToken: string; refreshToken?: string; accessTokenExpiresAt: number };
  async function tokensOf(email: string): Promise<Tokens> {
    const result = await portal.db.execute(
      sql`select data from sessions where identity_id = (select id from identities where lower(email) = ${email})`,
    );
    const rows = (result as unknown as { rows: { data: Tokens }[] }).rows;
    expect(rows).toHaveLength(1);
    return rows[0].data;
  }

  it("the access token renews with the refresh token when it is about to expire: the session holds a new token and expiry, and goes on", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("partner@example.com");
    const before = await tokensOf("partner@example.com");
    expect(before.refreshToken).toBeTruthy();
    // Move the expiry inside the renewal window instead of waiting for it.
    const dueAt = Date.now() + 30_000;
    await portal.db.execute(
      sql`update sessions set data = jsonb_set(data, '{accessTokenExpiresAt}', to_jsonb(${dueAt}::bigint))
          where identity_id = (select id from identities where lower(email) = 'partner@example.com')`,
    );
    const page = await client.send("/");
    expect(page.status, page.headers.get("location") ?? "").toBe(200);
    await page.body?.cancel();
    const after = await tokensOf("partner@example.com");
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt).toBeGreaterThan(dueAt + 60_000);
    // And the renewed session keeps working without another renewal.
    const again = await client.send("/api/v2/user/ui-access-data");
    expect(again.status).toBe(200);
    expect((await tokensOf("partner@example.com")).accessToken).toBe(after.accessToken);
  });
});
