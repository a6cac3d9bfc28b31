/**
 * The built portal in production mode (issue #10 §3): every cookie Secure, the API's rate limits
 * per user and per address, the sign-in limit keyed on the socket's address without TRUST_PROXY.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortalClient, startPortal, type Portal } from "./portal";

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({
    APP_ENV: "production",
    // http on purpose: the suite talks to the server directly, without a TLS proxy.
    ALLOW_INSECURE_HTTP: "true",
    SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
    SEED_DEMO: "true",
    API_RATE_LIMIT_PER_MINUTE: "3",
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "12",
    SIGNIN_RATE_LIMIT_PER_MINUTE: "3",
  });
});

afterAll(async () => {
  await portal?.close();
});

describe("issue #10 §3: production", () => {
  let dealer: PortalClient;

  it("every cookie of a whole sign-in is Secure (the portal's, the sign-in client's and the identity provider's)", async () => {
    dealer = new PortalClient(portal.origin, portal.db);
    await dealer.signIn("dealer@example.com");
    const names = new Set(dealer.jar.received.map((line) => line.split("=")[0]));
    // Every party's cookies were set: the provider's interaction and session, the PKCE state, the return address, the session.
    for (const name of ["__session", "__return_to", "_interaction", "_session", "theme", "portal_offline"])
      expect([...names], name).toContain(name);
    expect([...names].some((name) => name.startsWith("oauth2"))).toBe(true);
    for (const line of dealer.jar.received) expect(line, line.split(";")[0]).toMatch(/;\s*Secure(;|$)/i);
  });

  it("the API refuses a user over the per-user limit with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 5 && !refused; i++) {
      const response = await dealer.send("/api/v2/user/ui-access-data");
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("the API refuses an address over the per-address limit with 429 and Retry-After, signed in or not", async () => {
    const anonymous = new PortalClient(portal.origin, portal.db);
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await anonymous.send("/api/v2/user/ui-access-data");
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(401);
        await response.body?.cancel();
      }
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toBe(
      "Too many requests. Wait a moment and try again.",
    );
  });

  it("without TRUST_PROXY the sign-in limit keys on the socket's address: X-Forwarded-For cannot reset it", async () => {
    const client = new PortalClient(portal.origin, portal.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await client.send("/signin/no-such-interaction", {
        method: "POST",
        body: "email=x%40example.com&password=wrong",
        contentType: "application/x-www-form-urlencoded",
        headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    // The sign-in above already used one of the three posts this address has per minute.
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("HSTS is on", async () => {
    const response = await dealer.send("/access-denied");
    await response.body?.cancel();
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
