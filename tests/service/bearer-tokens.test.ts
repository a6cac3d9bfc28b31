/**
 * Issue #35 §4: with an external issuer, bearer tokens are checked without a call per request. A
 * local issuer serves its key set and introspection endpoint over HTTP and counts the calls; the
 * portal verifies many JWTs with one key-set fetch, fetches again when a token names a new key,
 * and asks about an opaque token once a minute. The identity is the portal's by the token's e-mail.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { identityForSignIn } from "~/auth/identity.server";
import { verifyBearerToken, type BearerIssuer } from "~/auth/bearer-tokens.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

const AUDIENCE = "api://portal";

class LocalIssuer {
  keys: JWK[] = [];
  jwksFetches = 0;
  introspections = 0;
  readonly active = new Map<string, Record<string, unknown>>();
  private server = http.createServer((request, response) => {
    if (request.url === "/jwks") {
      this.jwksFetches++;
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: this.keys }));
      return;
    }
    if (request.url === "/introspect" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        this.introspections++;
        const token = new URLSearchParams(body).get("token") ?? "";
        const authorized =
          request.headers.authorization ===
          `Basic ${Buffer.from("portal:portal-secret-0123456789").toString("base64")}`;
        const claims = authorized ? this.active.get(token) : undefined;
        response
          .writeHead(authorized ? 200 : 401, { "Content-Type": "application/json" })
          .end(JSON.stringify(claims ? { active: true, ...claims } : { active: false }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  origin = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  settings(): BearerIssuer {
    return {
      issuer: this.origin,
      jwksUri: `${this.origin}/jwks`,
      introspectionEndpoint: `${this.origin}/introspect`,
      audience: AUDIENCE,
      requiredScopes: ["openid"],
      clientId: "portal",
      clientSecret: "portal-secret-0123456789",
    };
  }
}

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

function token(
  key: { kid: string; privateKey: CryptoKey },
  issuer: string,
  claims: Record<string, unknown> = {},
  options: { audience?: string; expiresIn?: string } = {},
) {
  return new SignJWT({ scp: ["openid", "profile"], ...claims })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuer(issuer)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject("dealer@example.com")
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(key.privateKey);
}

// A refetch for an unknown key waits for jose's cooldown (30 s in the portal); the test's is 1 ms.
const KEY_SET = { cacheMaxAge: 10 * 60_000, cooldownDuration: 1 };

describe("issue #35 §4 an external issuer's bearer tokens, verified locally", () => {
  const issuer = new LocalIssuer();
  beforeAll(() => issuer.start());
  afterAll(() => issuer.close());

  it("issue #35 §4 one JWKS fetch for many API calls, and a refetch on key rotation", async () => {
    const first = await signingKey("key-1");
    issuer.keys = [first.jwk];
    for (let call = 0; call < 25; call++) {
      const claims = await verifyBearerToken(await token(first, issuer.origin), issuer.settings(), { keySet: KEY_SET });
      expect(claims).toEqual({ sub: "dealer@example.com", email: "dealer@example.com" });
    }
    expect(issuer.jwksFetches).toBe(1);

    // The issuer rotates: a token signed with the new key makes the portal fetch the set again, once.
    const second = await signingKey("key-2");
    issuer.keys = [first.jwk, second.jwk];
    for (let call = 0; call < 10; call++)
      expect(
        await verifyBearerToken(await token(second, issuer.origin), issuer.settings(), { keySet: KEY_SET }),
      ).not.toBeNull();
    expect(issuer.jwksFetches).toBe(2);
  });

  it("refuses a token of another issuer or audience, without the scopes, expired, or signed by a key the issuer does not publish", async () => {
    const key = await signingKey("key-3");
    const stranger = await signingKey("key-4");
    issuer.keys = [key.jwk];
    const settings = issuer.settings();
    const verify = async (jwt: Promise<string>) => verifyBearerToken(await jwt, settings, { keySet: KEY_SET });
    expect(await verify(token(key, issuer.origin))).not.toBeNull();
    expect(await verify(token(key, "https://elsewhere.example.com"))).toBeNull();
    expect(await verify(token(key, issuer.origin, {}, { audience: "api://other" }))).toBeNull();
    expect(await verify(token(key, issuer.origin, { scp: ["profile"] }))).toBeNull();
    expect(await verify(token(key, issuer.origin, {}, { expiresIn: "-5m" }))).toBeNull();
    expect(await verify(token(stranger, issuer.origin))).toBeNull();
    expect(await verifyBearerToken("not.a.token", settings, { keySet: KEY_SET })).toBeNull();
  });

  it("asks about an opaque token once, then keeps the answer a short while; an inactive one is refused", async () => {
    issuer.active.set("opaque-1", {
      sub: "00u1",
      username: "dealer@example.com",
      scope: "openid email",
      aud: AUDIENCE,
      exp: Math.floor(Date.now() / 1000) + 300,
    });
    const before = issuer.introspections;
    for (let call = 0; call < 10; call++)
      expect(await verifyBearerToken("opaque-1", issuer.settings())).toEqual({
        sub: "00u1",
        email: "dealer@example.com",
      });
    expect(issuer.introspections - before).toBe(1);
    expect(await verifyBearerToken("opaque-unknown", issuer.settings())).toBeNull();
    // A minute later the portal asks again (the token may have been revoked meanwhile).
    issuer.active.delete("opaque-1");
    expect(await verifyBearerToken("opaque-1", issuer.settings(), { now: Date.now() + 61_000 })).toBeNull();
  });
});

describe.each(BACKENDS)("issue #35 §4 the verified token's identity on $name", (backend) => {
  let handle: DatabaseHandle;
  const issuer = new LocalIssuer();
  beforeAll(async () => {
    handle = await seededDatabase(backend);
    await issuer.start();
  });
  afterAll(async () => {
    await issuer.close();
    await handle?.close();
  });

  it("is the portal's identity of the token's e-mail; an unknown e-mail is nobody", async () => {
    const key = await signingKey("key-5");
    issuer.keys = [key.jwk];
    const claims = await verifyBearerToken(await token(key, issuer.origin), issuer.settings(), { keySet: KEY_SET });
    expect((await identityForSignIn(handle.db, claims!, false))?.id).toBe(
      await identityIdOf(handle.db, "dealer@example.com"),
    );
    const stranger = await verifyBearerToken(
      await token(key, issuer.origin, { email: "nobody@example.com" }),
      issuer.settings(),
      { keySet: KEY_SET },
    );
    expect(await identityForSignIn(handle.db, stranger!, false)).toBeNull();
  });
});
