/**
 * Issue #30 item 4 "Sessions and tokens" at the embedded identity provider, over HTTP against the
 * built portal: refresh tokens rotate and a replayed one revokes its grant, the provider's
 * addresses never come from request headers, /oidc/session/end asks before it signs out, and a
 * password change ends the user's other sessions. The database stands in for the clock: a
 * session's access token is made due instead of waiting for it.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig, type Config } from "../../app/config.server";
import { DEMO_PASSWORD, loadBuild, PortalClient, startPortal, type Portal } from "./portal";

let portal: Portal;
let config: Config;

beforeAll(async () => {
  portal = await startPortal();
  // startPortal put the suite's settings in process.env: the same configuration the portal runs.
  config = parseConfig(process.env);
});

afterAll(async () => {
  await portal?.close();
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ownerIs = (email: string) => sql`identity_id = (select id from identities where lower(email) = ${email})`;

type Tokens = { refreshToken?: string; accessToken: string; accessTokenExpiresAt: number };

/** The portal sessions' token data of one user. */
async function sessionsOf(email: string): Promise<Tokens[]> {
  return rowsOf<{ data: Tokens }>(await portal.db.execute(sql`select data from sessions where ${ownerIs(email)}`)).map(
    (row) => row.data,
  );
}

/** Moves the user's access tokens into the renewal window instead of waiting for it. */
async function makeRenewalDue(email: string) {
  const dueAt = Date.now() + 30_000;
  await portal.db.execute(
    sql`update sessions set data = jsonb_set(data, '{accessTokenExpiresAt}', to_jsonb(${dueAt}::bigint)) where ${ownerIs(email)}`,
  );
}

/** The provider's sign-ins (Session records) of the user. */
async function providerSignInsOf(email: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await portal.db.execute(
      sql`select count(*)::int as n from oidc_payloads where model = 'Session'
          and account_id = (select id::text from identities where lower(email) = ${email})`,
    ),
  );
  return rows[0].n;
}

/** The token endpoint, called as the portal's client (client_secret_basic). */
function refreshAtProvider(refreshToken: string): Promise<Response> {
  const credentials = `${encodeURIComponent(config.OIDC_CLIENT_ID)}:${encodeURIComponent(config.OIDC_CLIENT_SECRET)}`;
  return fetch(`${portal.origin}/oidc/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(credentials).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
  });
}

/** One GET with the headers as given (fetch will not send a forged Host), on its own connection. */
function rawGet(target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(portal.origin);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const xsrfOf = (html: string) => /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

function confirmSignOut(client: PortalClient, xsrf: string) {
  return client.send("/oidc/session/end/confirm", {
    method: "POST",
    body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    contentType: "application/x-www-form-urlencoded",
  });
}

describe("SPEC #30 refresh tokens rotate, and a reused one revokes the grant", () => {
  it("SPEC #30 refresh tokens rotate on use: a renewal stores a new refresh token and the used one is consumed", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("partner@example.com");
    const [before] = await sessionsOf("partner@example.com");
    expect(before.refreshToken).toBeTruthy();
    await makeRenewalDue("partner@example.com");
    const page = await client.send("/");
    expect(page.status, page.headers.get("location") ?? "").toBe(200);
    await page.body?.cancel();
    const [after] = await sessionsOf("partner@example.com");
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBeTruthy();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const used = rowsOf<{ consumed: boolean }>(
      await portal.db.execute(
        sql`select consumed_at is not null as consumed from oidc_payloads where model = 'RefreshToken' and id = ${before.refreshToken!}`,
      ),
    );
    expect(used).toEqual([{ consumed: true }]);
  });

  it("SPEC #30 a reused refresh token revokes the whole grant: the rotated token stops working and the session ends at its next renewal", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("auditor@example.com");
    const [first] = await sessionsOf("auditor@example.com");
    await makeRenewalDue("auditor@example.com");
    const renewed = await client.send("/");
    expect(renewed.status).toBe(200);
    await renewed.body?.cancel();
    const [second] = await sessionsOf("auditor@example.com");
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const [{ grant }] = rowsOf<{ grant: string }>(
      await portal.db.execute(
        sql`select grant_id as grant from oidc_payloads where model = 'RefreshToken' and id = ${second.refreshToken!}`,
      ),
    );

    // Someone replays the token the portal already spent.
    const replay = await refreshAtProvider(first.refreshToken!);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
    // The whole grant is gone: the portal's current refresh token too.
    const current = await refreshAtProvider(second.refreshToken!);
    expect(current.status).toBe(400);
    await current.body?.cancel();
    const left = rowsOf<{ n: number }>(
      await portal.db.execute(
        sql`select count(*)::int as n from oidc_payloads where grant_id = ${grant} or (model = 'Grant' and id = ${grant})`,
      ),
    );
    expect(left[0].n).toBe(0);
    // The portal's session ends when it next needs its tokens.
    await makeRenewalDue("auditor@example.com");
    const next = await client.send("/");
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/login?returnTo=%2F");
  });

  it("SPEC #30 a session's concurrent requests renew its tokens once: none of them ends the session", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("employee@example.com");
    const [before] = await sessionsOf("employee@example.com");
    await makeRenewalDue("employee@example.com");
    // A page's loaders arrive together; with rotation, spending the refresh token twice would revoke the grant.
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.send("/api/v2/user/ui-access-data")));
    for (const answer of answers) {
      expect(answer.status, answer.headers.get("location") ?? "").toBe(200);
      await answer.body?.cancel();
    }
    const [after] = await sessionsOf("employee@example.com");
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessTokenExpiresAt).toBeGreaterThan(Date.now() + 60_000);
    // The renewed tokens are good: the next renewal works too.
    await makeRenewalDue("employee@example.com");
    const again = await client.send("/");
    expect(again.status, again.headers.get("location") ?? "").toBe(200);
    await again.body?.cancel();
  });
});

describe("SPEC §4 Token and §8 token errors", () => {
  it("SPEC §8 token error events are logged only: a renewal the provider cannot be reached for leaves the session standing, and a later request renews", async () => {
    const { logger } = (await loadBuild()).entry.module;
    const warn = vi.spyOn(logger, "warn");
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("singular@example.com");
    const [before] = await sessionsOf("singular@example.com");
    await makeRenewalDue("singular@example.com");
    // The provider's token endpoint drops the connection (the portal reaches it over HTTP like any client).
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/oidc/token")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    try {
      const answer = await client.send("/preferences");
      expect(answer.status, answer.headers.get("location") ?? "").toBe(200);
      await answer.body?.cancel();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(warn.mock.calls.map(([fields]) => (fields as { event?: string }).event)).toContain("token_renewal_error");
    warn.mockRestore();
    const [standing] = await sessionsOf("singular@example.com");
    expect(standing.refreshToken).toBe(before.refreshToken);
    // Once the failed attempt's claim lapses, the next request renews.
    await portal.db.execute(
      sql`update sessions set data = data - 'renewalClaimedAt' where ${ownerIs("singular@example.com")}`,
    );
    const later = await client.send("/");
    expect(later.status).toBe(200);
    await later.body?.cancel();
    const [renewed] = await sessionsOf("singular@example.com");
    expect(renewed.refreshToken).not.toBe(before.refreshToken);
  });

  it("SPEC §4 Token: the user record fails to load and no token is stored: tokens cleared, okta_session logged, signed in again to the same page", async () => {
    const { logger } = (await loadBuild()).entry.module;
    const warn = vi.spyOn(logger, "warn");
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("directory@example.com");
    await portal.db.execute(
      sql`update sessions set data = data - 'accessToken' where ${ownerIs("directory@example.com")}`,
    );
    // The user record cannot be read: a table its statement needs is away, and the kept copy is stale.
    await portal.db.execute(sql`alter table security_role_children rename to security_role_children_away`);
    try {
      await portal.db.execute(
        sql`update identities set time_zone = 'Europe/Berlin' where lower(email) = 'directory@example.com'`,
      );
      const answer = await client.send("/preferences?tab=language");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/login?returnTo=%2Fpreferences%3Ftab%3Dlanguage");
      expect(await sessionsOf("directory@example.com")).toEqual([]);
    } finally {
      await portal.db.execute(sql`alter table security_role_children_away rename to security_role_children`);
    }
    expect(warn.mock.calls.map(([fields]) => (fields as { event?: string }).event)).toContain("okta_session");
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/refreshToken|idToken/);
    warn.mockRestore();
    // Transparent: the provider's session still stands, so sign-in comes straight back to the page.
    const start = "/login?returnTo=%2Fpreferences%3Ftab%3Dlanguage";
    const { response, url } = await client.follow(await client.send(start), start);
    expect(url.pathname + url.search).toBe("/preferences?tab=language");
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });
});

describe("SPEC #30 the provider's addresses never come from request headers", () => {
  it("SPEC #30 the discovery document's issuer and endpoints are the configured ones, whatever Host, X-Forwarded-Host or X-Forwarded-Proto say", async () => {
    const configured = `${config.PUBLIC_URL}/oidc`;
    const forged = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const answer = await rawGet("/oidc/.well-known/openid-configuration", forged);
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    expect(discovery.issuer).toBe(configured);
    expect(discovery.authorization_endpoint).toBe(`${configured}/auth`);
    expect(discovery.token_endpoint).toBe(`${configured}/token`);
    expect(discovery.end_session_endpoint).toBe(`${configured}/session/end`);
    const addresses = Object.entries(discovery).filter(
      ([, value]) => typeof value === "string" && /^\w+:\/\//.test(value),
    );
    expect(addresses.length).toBeGreaterThan(4);
    for (const [name, value] of addresses) {
      expect(value === configured || String(value).startsWith(`${configured}/`), `${name}: ${String(value)}`).toBe(
        true,
      );
    }
    expect(answer.body).not.toContain("evil.example");

    // A request line naming another host (absolute form) is no way around it.
    const absolute = await rawGet("http://evil.example/oidc/.well-known/openid-configuration", {
      Host: "evil.example",
    });
    if (absolute.status === 200) expect(absolute.body).not.toContain("evil.example");
    else expect(absolute.status).toBeGreaterThanOrEqual(400);
  });
});

describe("SPEC #30 /oidc/session/end asks before it signs out", () => {
  it("SPEC #30 /oidc/session/end asks before it signs out: a request from anywhere gets a translated confirmation that does not submit itself, and the sign-in stands until the user confirms", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("admin@example.com");
    const back = encodeURIComponent(`${config.PUBLIC_URL}/`);
    let html = "";
    for (const target of [
      "/oidc/session/end",
      `/oidc/session/end?client_id=${config.OIDC_CLIENT_ID}&post_logout_redirect_uri=${back}`,
    ]) {
      const page = await client.send(target, { headers: { "Accept-Language": "en" } });
      expect(page.status, target).toBe(200);
      html = await page.text();
      expect(html).toContain("<h1>Sign out?</h1>");
      expect(html).toContain("Do you want to sign out of the Dealer Portal?");
      expect(html).toMatch(/<button type="submit" form="op\.logoutForm" name="logout" value="yes">Sign out<\/button>/);
      expect(html).toContain('<a href="/">Stay signed in</a>');
      expect(html).not.toMatch(/<script|\.submit\(/);
    }
    // In the visitor's language (the locale cookie, which comes first, is not sent).
    client.jar.forget("locale");
    const german = await client.send("/oidc/session/end", { headers: { "Accept-Language": "de" } });
    html = await german.text();
    expect(html).toContain("<h1>Abmelden?</h1>");
    expect(html).toContain("Angemeldet bleiben");

    // Nothing was signed out by asking.
    expect(await providerSignInsOf("admin@example.com")).toBeGreaterThan(0);
    expect(await client.signedIn()).toBe(true);

    // The user's Sign out ends the provider's sign-in.
    const done = await confirmSignOut(client, xsrfOf(html));
    expect(done.status).toBeGreaterThanOrEqual(300);
    expect(done.status).toBeLessThan(400);
    await done.body?.cancel();
    expect(await providerSignInsOf("admin@example.com")).toBe(0);
  });

  it("SPEC #30 the portal's own sign-out still ends the provider's sign-in in one step and returns to the portal", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    await client.signIn("admin@example.com");
    const out = await client.send("/logout", {
      method: "POST",
      body: "",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(out.status).toBe(302);
    const endSession = new URL(out.headers.get("location") ?? "", portal.origin);
    expect(endSession.pathname).toBe("/oidc/session/end");
    expect(endSession.searchParams.get("id_token_hint")).toBeTruthy();
    const page = await client.send(endSession.pathname + endSession.search, { headers: { "Accept-Language": "en" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page the browser submits at once (the user asked on the portal); no question.
    expect(html).toMatch(/<script nonce="[^"]+">.*getElementById\('op\.logoutForm'\)\.submit\(\)/);
    expect(html).not.toContain("Stay signed in");
    const done = await confirmSignOut(client, xsrfOf(html));
    expect(done.headers.get("location")).toBe(`${config.PUBLIC_URL}/`);
    await done.body?.cancel();
    expect(await providerSignInsOf("admin@example.com")).toBe(0);
    expect(await client.signedIn()).toBe(false);
  });
});

describe("SPEC #30 a password change ends the user's other sessions", () => {
  it("SPEC #30 a password change on the account page keeps this session and ends the user's other sessions and their provider sign-ins", async () => {
    const here = new PortalClient(portal.origin, portal.db);
    const elsewhere = new PortalClient(portal.origin, portal.db);
    await elsewhere.signIn("dealer@example.com");
    await here.signIn("dealer@example.com");
    expect(await sessionsOf("dealer@example.com")).toHaveLength(2);

    const changed = await here.send("/account/security", {
      method: "POST",
      body: new URLSearchParams({
        intent: "changePassword",
        currentPassword: DEMO_PASSWORD,
        newPassword: "Harbor#Light42",
        confirmPassword: "Harbor#Light42",
      }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/account/security?changed=1");

    const notice = await here.send("/account/security?changed=1");
    expect(notice.status).toBe(200);
    await notice.body?.cancel();
    expect(await elsewhere.signedIn()).toBe(false);
    expect(await sessionsOf("dealer@example.com")).toHaveLength(1);
    // The other browser's provider sign-in is gone: it meets the sign-in form, not a silent sign-in.
    const { url, response } = await elsewhere.follow(await elsewhere.send("/login?returnTo=/"), "/login?returnTo=/");
    await response.body?.cancel();
    expect(url.pathname).toMatch(/^\/signin\//);
    // This session keeps its grant and provider sign-in: it still renews its tokens.
    await makeRenewalDue("dealer@example.com");
    const renewed = await here.send("/");
    expect(renewed.status, renewed.headers.get("location") ?? "").toBe(200);
    await renewed.body?.cancel();
  });
});
