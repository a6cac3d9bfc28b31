/**
 * Issue #36: the server's own limits under /scim/v2 answer in SCIM's error form — a connection over
 * its rate limit gets 429 with Retry-After, a body over the API's limit 413, a write from another
 * site 403 — and a person's session or a client without the scim scope is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "~/api-clients/api-clients.server";
import { scimTokenOf } from "~/security/scim-token";
import { ADMIN_EMAIL, PortalClient, startPortal, type Portal } from "./portal";
import { actorOf } from "../service/actor-of";
import { scimConnection } from "../service/scim-connection";

const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const LIMIT = 5;

let portal: Portal;
let scimToken = "";
let usersOnlyToken = "";

beforeAll(async () => {
  portal = await startPortal({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  const made = await scimConnection(portal.db, "Limited SCIM");
  scimToken = made.token;
  const plain = await createApiClient(portal.db, await actorOf(portal.db, ADMIN_EMAIL), {
    name: "Users only",
    scopes: ["users:write"],
    locationIds: [made.milwaukee],
    expiresOn: new Date(Date.now() + 30 * 86_400_000),
  });
  if (plain.kind !== "created") throw new Error("no client");
  usersOnlyToken = scimTokenOf(plain.clientId, plain.secret);
});

afterAll(async () => {
  await portal?.close();
});

const get = (token: string) =>
  fetch(`${portal.origin}/scim/v2/Users?count=1`, { headers: { Authorization: `Bearer ${token}` } });

describe("issue #36 SCIM under the server's limits", () => {
  it("a client without the scim scope is 403, a person's session 401, a wrong token 401 — each in SCIM's form", async () => {
    const plain = await get(usersOnlyToken);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ schemas: [ERROR], status: "403" });
    expect((await get(`${scimToken}x`)).status).toBe(401);
    const person = new PortalClient(portal.origin, portal.db);
    await person.signIn();
    const session = await person.send("/scim/v2/Users");
    expect(session.status).toBe(401);
    expect(session.headers.get("content-type")).toContain("application/scim+json");
  });

  it("a body over the API's limit is 413 and a write from another site 403, in SCIM's form", async () => {
    const big = await fetch(`${portal.origin}/scim/v2/Users`, {
      method: "POST",
      headers: { Authorization: `Bearer ${scimToken}`, "Content-Type": "application/scim+json" },
      body: JSON.stringify({ userName: "x".repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ schemas: [ERROR], status: "413" });
    const crossSite = await fetch(`${portal.origin}/scim/v2/Users`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${scimToken}`,
        "Content-Type": "application/scim+json",
        Origin: "https://evil.example",
      },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ schemas: [ERROR], status: "403" });
  });

  it("over the connection's rate limit: 429 with Retry-After", async () => {
    let answer: Response | undefined;
    for (let n = 0; n <= LIMIT; n++) answer = await get(scimToken);
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await answer!.json()).toMatchObject({ schemas: [ERROR], status: "429" });
  });
});
