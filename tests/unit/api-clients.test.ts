import { describe, expect, it } from "vitest";
import { F } from "~/permissions/features";
import {
  API_CLIENT_SCOPES,
  clientMayCall,
  featuresOfClient,
  featuresOfScope,
  locationsRefused,
  rateLimitKeyOf,
  scopesOffered,
  scopesRefused,
} from "~/permissions/api-client-scopes";
import {
  apiClientStateOf,
  basicCredentialsOf,
  isApiClientId,
  newApiClientId,
  newApiClientSecret,
  secretHashOf,
  secretIsLive,
} from "~/security/api-client-credentials";
import { SIGNED_IN } from "~/security/feature-rule";
import { apiClientSchema, expiryBoundsOf } from "~/api-clients/schema";

describe("issue #35 §3 machine clients: what a client may do", () => {
  it("featuresOfScope: a write scope includes the area's read", () => {
    expect(featuresOfScope("users:read")).toEqual([F.usersRead]);
    expect(featuresOfScope("users:write")).toEqual([F.usersRead, F.usersWrite, F.usersEdit]);
  });

  it("featuresOfClient: a client never exceeds its creator — its scopes' features the creator holds, nothing else", () => {
    const creator = [F.usersRead, F.usersWrite, F.securityRolesRead, F.documentsView];
    expect(featuresOfClient(creator, ["users:write", "securityRoles:write"])).toEqual(
      [F.usersRead, F.usersWrite, F.securityRolesRead].sort(),
    );
    expect(featuresOfClient(creator, ["announcements:write"])).toEqual([]);
    expect(featuresOfClient(creator, ["not:a-scope"])).toEqual([]);
    // The creator's portal-wide standing goes with what the client is given, not alone.
    expect(featuresOfClient([...creator, F.portalScope], ["users:read"])).toContain(F.portalScope);
    expect(featuresOfClient([F.portalScope], ["users:read"])).toEqual([]);
  });

  it("scopesOffered and scopesRefused: only scopes giving something the administrator holds", () => {
    expect(scopesOffered([F.usersRead])).toEqual(["users:read"]);
    expect(scopesOffered([F.usersEdit])).toEqual(["users:write"]);
    expect(scopesOffered([])).toEqual([]);
    expect(scopesOffered(Object.values(F))).toEqual(API_CLIENT_SCOPES);
    expect(scopesRefused(["users:read", "securityRoles:write"], [F.usersRead])).toEqual(["securityRoles:write"]);
  });

  it("locationsRefused: only the administrator's own locations", () => {
    expect(locationsRefused([1, 2], [1, 2, 3])).toEqual([]);
    expect(locationsRefused([1, 4], [1, 2, 3])).toEqual([4]);
  });

  it("rateLimitKeyOf: rate limits count per client, apart from its creator's own calls", () => {
    expect(rateLimitKeyOf({ identityId: 7 })).toBe("7");
    expect(rateLimitKeyOf({ identityId: 7, apiClient: { id: 3 } })).toBe("client:3");
    expect(rateLimitKeyOf({ identityId: 7, apiClient: { id: 4 } })).not.toBe(
      rateLimitKeyOf({ identityId: 7, apiClient: { id: 3 } }),
    );
  });

  it("clientMayCall: only operations a feature grants, never a person's own", () => {
    expect(clientMayCall({ any: [F.usersRead] })).toBe(true);
    expect(clientMayCall({ all: [F.usersWrite] })).toBe(true);
    expect(clientMayCall(SIGNED_IN)).toBe(false);
    expect(clientMayCall({ exclude: [F.dev] })).toBe(false);
  });
});

describe("issue #35 §3 machine clients: credentials", () => {
  const now = new Date("2026-11-26T12:00:00Z");

  it("apiClientStateOf: revoked before expired before active", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    expect(apiClientStateOf({ expiresAt: later, revokedAt: null }, now)).toBe("active");
    expect(apiClientStateOf({ expiresAt: now, revokedAt: null }, now)).toBe("expired");
    expect(apiClientStateOf({ expiresAt: later, revokedAt: now }, now)).toBe("revoked");
  });

  it("secretIsLive: until its retirement time", () => {
    expect(secretIsLive({ retiresAt: null }, now)).toBe(true);
    expect(secretIsLive({ retiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(secretIsLive({ retiresAt: now }, now)).toBe(false);
  });

  it("new client ids are API client ids, secrets long and random, kept as SHA-256", () => {
    const id = newApiClientId();
    expect(isApiClientId(id)).toBe(true);
    expect(isApiClientId("dealer-portal")).toBe(false);
    expect(isApiClientId("pc_short")).toBe(false);
    const secret = newApiClientSecret();
    expect(secret).toHaveLength(43);
    expect(newApiClientSecret()).not.toBe(secret);
    expect(secretHashOf(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("basicCredentialsOf reads RFC 6749 §2.3.1 credentials and nothing else", () => {
    const header = `Basic ${btoa(`${encodeURIComponent("pc_a:b")}:${encodeURIComponent("s3cr%t+x")}`)}`;
    expect(basicCredentialsOf(header)).toEqual({ id: "pc_a:b", secret: "s3cr%t+x" });
    expect(basicCredentialsOf(`Basic ${btoa("id-only")}`)).toBeNull();
    expect(basicCredentialsOf("Bearer abc")).toBeNull();
    expect(basicCredentialsOf(`Basic ${"A".repeat(2000)}`)).toBeNull();
    expect(basicCredentialsOf(`Basic ${btoa("%E0%A4%A:x")}`)).toBeNull();
    expect(basicCredentialsOf(undefined)).toBeNull();
  });

  it("the new client's expiry: from tomorrow to a year from today", () => {
    expect(expiryBoundsOf(now)).toEqual({ first: "2026-11-27", last: "2027-11-26", suggested: "2027-02-24" });
    const schema = apiClientSchema(now);
    const valid = { name: "DMS", scopes: ["users:read"], locationIds: [], expiresOn: "2027-02-01" };
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, expiresOn: "2026-11-26" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, expiresOn: "2027-11-27" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, scopes: [] }).success).toBe(false);
    expect(schema.safeParse({ ...valid, scopes: ["users:admin"] }).success).toBe(false);
  });
});
