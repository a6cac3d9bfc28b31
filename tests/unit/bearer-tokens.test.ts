import { describe, expect, it } from "vitest";
import {
  bearerClaimsOf,
  carriesScopes,
  keepIntrospectionUntil,
  looksLikeJwt,
  scopesOf,
} from "~/auth/bearer-tokens.server";

describe("issue #35 §4 an external issuer's bearer tokens: the rules", () => {
  it("looksLikeJwt: three base64url parts, anything else is opaque", () => {
    expect(looksLikeJwt("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl")).toBe(true);
    expect(looksLikeJwt("00Tq3Xy_opaque-token")).toBe(false);
    expect(looksLikeJwt("a.b")).toBe(false);
    expect(looksLikeJwt("a.b.c d")).toBe(false);
  });

  it("scopesOf and carriesScopes read Okta's scp array and the scope string", () => {
    expect(scopesOf({ scp: ["openid", "email", 3] })).toEqual(["openid", "email"]);
    expect(scopesOf({ scope: "openid  profile" })).toEqual(["openid", "profile"]);
    expect(scopesOf({})).toEqual([]);
    expect(carriesScopes({ scope: "openid profile" }, ["openid"])).toBe(true);
    expect(carriesScopes({ scp: ["profile"] }, ["openid"])).toBe(false);
    expect(carriesScopes({}, [])).toBe(true);
  });

  it("bearerClaimsOf: the subject, and the e-mail from email, an e-mail username, or an e-mail subject", () => {
    expect(bearerClaimsOf({ sub: "00u1", email: "a@example.com" })).toEqual({ sub: "00u1", email: "a@example.com" });
    expect(bearerClaimsOf({ sub: "00u1", username: "b@example.com" })).toEqual({ sub: "00u1", email: "b@example.com" });
    expect(bearerClaimsOf({ sub: "c@example.com" })).toEqual({ sub: "c@example.com", email: "c@example.com" });
    expect(bearerClaimsOf({ sub: "00u1" })).toEqual({ sub: "00u1" });
    expect(bearerClaimsOf({ sub: "" })).toBeNull();
    expect(bearerClaimsOf({})).toBeNull();
  });

  it("keepIntrospectionUntil: a minute, never past the token's expiry", () => {
    expect(keepIntrospectionUntil(1_000_000, undefined)).toBe(1_060_000);
    expect(keepIntrospectionUntil(1_000_000, 1_030)).toBe(1_030_000);
    expect(keepIntrospectionUntil(1_000_000, 5_000)).toBe(1_060_000);
  });
});
