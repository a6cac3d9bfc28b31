import { describe, expect, it } from "vitest";
import { brandHostMismatch, isBrand3Host } from "~/auth/brand-host";
import { callbackBase, callbackPath } from "~/auth/callback-base";
import { accessFailureOutcome, errorDetailsOf } from "~/auth/access-failure";
import { lockedUntil } from "~/security/lockout";
import { partnerPortalRedirectApplies, partnerPortalRoles } from "~/auth/partner-portal";
import { readIdTokenClaims } from "~/auth/id-token";
import { renewalDue, renewalRefused, renewedForAnotherUser } from "~/auth/token-renewal.server";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { isCrossSiteWrite } from "~/security/cross-site";
import { parentPath } from "~/navigation/parent-path";
import { REQUIRED_SCOPES, tokenNeedsNewSignIn } from "~/auth/access-failure";

describe("SPEC §2 callback base", () => {
  it("is the fixed prefix when the page path starts with it", () => {
    expect(callbackBase("/portal/admin", "/portal")).toBe("/portal");
    expect(callbackBase("/portal", "/portal")).toBe("/portal");
    expect(callbackPath("/portal/x", "/portal")).toBe("/portal/login/callback");
  });
  it("is empty otherwise", () => {
    expect(callbackBase("/portalx/admin", "/portal")).toBe("");
    expect(callbackBase("/admin", "/portal")).toBe("");
    expect(callbackPath("/admin", "")).toBe("/login/callback");
  });
});

describe("SPEC §5 brand/host check", () => {
  it("on the third brand's host a user without brand 3 does not belong", () => {
    expect(brandHostMismatch(true, [1, 2])).toBe(true);
    expect(brandHostMismatch(true, [1, 3])).toBe(false);
  });
  it("elsewhere a user whose every brand is the third does not belong", () => {
    expect(brandHostMismatch(false, [3])).toBe(true);
    expect(brandHostMismatch(false, [3, 4])).toBe(false);
    expect(brandHostMismatch(false, [])).toBe(false);
  });
  it("the host marker is found case-insensitively", () => {
    expect(isBrand3Host("portal.HALDEN.example", "halden")).toBe(true);
    expect(isBrand3Host("localhost:3000", "halden")).toBe(false);
  });
});

describe("SPEC §8 access data failure", () => {
  const base = {
    message: "boom",
    hasEmployeeNumber: false,
    onBrand3Host: false,
    dashboardUrl: "https://idp.example/dashboard",
  };
  it("a user without serialNumber:present off the third brand's host goes to the provider's dashboard", () => {
    expect(accessFailureOutcome(base)).toEqual({ kind: "redirect", to: "https://idp.example/dashboard" });
  });
  it("'Request aborted' shows the error instead", () => {
    expect(accessFailureOutcome({ ...base, message: "Request aborted" })).toEqual({
      kind: "error",
      details: "Request aborted",
    });
  });
  it("the error is shown with details from the error's message: its first line, never a stack", () => {
    const error = new Error("access profile unreadable");
    const outcome = accessFailureOutcome({ ...base, hasEmployeeNumber: true, message: error.stack ?? "" });
    expect(outcome).toEqual({ kind: "error", details: "Error: access profile unreadable" });
    expect(errorDetailsOf("x".repeat(500))).toHaveLength(200);
  });
  it("users with an employee number, or on the third brand's host, see the error", () => {
    expect(accessFailureOutcome({ ...base, hasEmployeeNumber: true }).kind).toBe("error");
    expect(accessFailureOutcome({ ...base, onBrand3Host: true }).kind).toBe("error");
  });
});

describe("sign-in lockout: 5 failures within 15 minutes lock for 15 minutes", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it("four failures do not lock", () => {
    expect(lockedUntil([1, 2, 3, 4].map(minutesAgo), now)).toBeNull();
  });
  it("five failures within 15 minutes lock until 15 minutes after the last", () => {
    expect(lockedUntil([0, 1, 2, 3, 4].map(minutesAgo), now)).toEqual(new Date(now.getTime() + 15 * 60_000));
  });
  it("five failures spread over more than 15 minutes do not lock", () => {
    expect(lockedUntil([0, 1, 2, 3, 16].map(minutesAgo), now)).toBeNull();
  });
  it("the lock ends 15 minutes after the last failure", () => {
    expect(lockedUntil([16, 17, 18, 19, 20].map(minutesAgo), now)).toBeNull();
  });
});

describe("SPEC §2 partner-portal redirect on home", () => {
  const roles = partnerPortalRoles("PartnerPortalService, PartnerPortalSales");
  it("applies to the configured service and sales partner-portal roles only", () => {
    expect(roles).toEqual(["PartnerPortalService", "PartnerPortalSales"]);
    expect(partnerPortalRedirectApplies(["PartnerPortalService"], roles)).toBe(true);
    expect(partnerPortalRedirectApplies(["OTHER", "PartnerPortalSales"], roles)).toBe(true);
    expect(partnerPortalRedirectApplies(["OTHER"], roles)).toBe(false);
    expect(partnerPortalRedirectApplies(undefined, roles)).toBe(false);
  });
});

describe("ID token claims", () => {
  const token = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.sig`;
  const expected = { issuer: "https://idp", clientId: "portal", now: 1000 };
  it("are read when issuer, audience and expiry hold", () => {
    expect(
      readIdTokenClaims(token({ iss: "https://idp", aud: "portal", exp: 2000, sub: "7", name: "A B" }), expected).name,
    ).toBe("A B");
  });
  it("are refused for another issuer, another audience or when expired", () => {
    expect(() =>
      readIdTokenClaims(token({ iss: "https://evil", aud: "portal", exp: 2000, sub: "7" }), expected),
    ).toThrow();
    expect(() =>
      readIdTokenClaims(token({ iss: "https://idp", aud: "other", exp: 2000, sub: "7" }), expected),
    ).toThrow();
    expect(() =>
      readIdTokenClaims(token({ iss: "https://idp", aud: "portal", exp: 100, sub: "7" }), expected),
    ).toThrow();
    expect(() => readIdTokenClaims("garbage", expected)).toThrow();
  });
});

describe("SPEC §4 Token: a renewed token of another user replaces the session", () => {
  it("replaces when the subject differs, keeps when it is the same", () => {
    expect(renewedForAnotherUser("7", "8")).toBe(true);
    expect(renewedForAnotherUser(undefined, "8")).toBe(true);
    expect(renewedForAnotherUser("7", "7")).toBe(false);
  });
});

describe("SPEC §8 token error events: logged only, unless the provider refuses the grant", () => {
  it("a refused grant ends the session; a failure on the way does not", () => {
    expect(renewalRefused({ code: "invalid_grant" })).toBe(true);
    expect(renewalRefused({ code: "invalid_client" })).toBe(true);
    expect(renewalRefused(new TypeError("fetch failed"))).toBe(false);
    expect(renewalRefused(Object.assign(new Error("Unexpected error response"), { status: 503 }))).toBe(false);
    expect(renewalRefused({ code: "temporarily_unavailable" })).toBe(false);
    expect(renewalRefused(null)).toBe(false);
  });
});

describe("SPEC §4 Token: no token, or one without a required scope, means signing in again", () => {
  it("decides from the stored token and its scopes", () => {
    expect(tokenNeedsNewSignIn({})).toBe(true);
    expect(tokenNeedsNewSignIn({ accessToken: "a" })).toBe(false);
    expect(tokenNeedsNewSignIn({ accessToken: "a", scopes: [...REQUIRED_SCOPES, "dealer"] })).toBe(false);
    expect(tokenNeedsNewSignIn({ accessToken: "a", scopes: ["openid", "profile", "email"] })).toBe(true);
  });
});

describe("token renewal", () => {
  it("is due within a minute of expiry", () => {
    expect(renewalDue(10_000 + 59_000, 10_000)).toBe(true);
    expect(renewalDue(10_000 + 61_000, 10_000)).toBe(false);
    expect(renewalDue(undefined, 10_000)).toBe(false);
  });
});

describe("SPEC §4 sign-in: the remembered address", () => {
  it("keeps same-site paths with their query", () => {
    expect(inSiteRedirectTarget("/admin/users?q=a")).toBe("/admin/users?q=a");
  });
  it("refuses other sites and odd values, returning to the root", () => {
    for (const value of ["https://evil.example/", "//evil.example/", "/\\evil", "", null, 42])
      expect(inSiteRedirectTarget(value)).toBe("/");
  });
});

describe("cross-site posts are refused", () => {
  const allowedOrigins = ["http://localhost:3000"];
  it("refuses a cross-site POST by Sec-Fetch-Site or by a foreign Origin", () => {
    expect(isCrossSiteWrite({ method: "POST", secFetchSite: "cross-site", allowedOrigins })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", origin: "https://evil.example", allowedOrigins })).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", origin: "null", allowedOrigins })).toBe(true);
  });
  it("allows same-origin writes, server-to-server calls without Origin, and every GET", () => {
    expect(
      isCrossSiteWrite({
        method: "POST",
        secFetchSite: "same-origin",
        origin: "http://localhost:3000",
        allowedOrigins,
      }),
    ).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", allowedOrigins })).toBe(false);
    expect(isCrossSiteWrite({ method: "GET", secFetchSite: "cross-site", allowedOrigins })).toBe(false);
  });
  it("issue #10 §3: compares Origin with the configured public origins only, never the request's own host", () => {
    // A request for http://evil.example that says Origin: http://evil.example is still cross-site.
    expect(isCrossSiteWrite({ method: "POST", origin: "http://evil.example", allowedOrigins })).toBe(true);
    expect(
      isCrossSiteWrite({
        method: "POST",
        origin: "http://localhost:3000",
        allowedOrigins: ["http://localhost:3000", "http://halden.localhost:3000"],
      }),
    ).toBe(false);
    expect(
      isCrossSiteWrite({
        method: "POST",
        origin: "http://halden.localhost:3000",
        allowedOrigins: ["http://localhost:3000", "http://halden.localhost:3000"],
      }),
    ).toBe(false);
  });
  it("issue #10 §3: without an Origin, a Referer from another origin is refused", () => {
    expect(isCrossSiteWrite({ method: "POST", referer: "https://evil.example/page", allowedOrigins })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", referer: "not a url", allowedOrigins })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", referer: "http://localhost:3000/admin?q=1", allowedOrigins })).toBe(
      false,
    );
  });
});

describe("access denied: the back link without JavaScript", () => {
  it("goes to the from page's parent, or the root", () => {
    expect(parentPath("/admin/users/create/")).toBe("/admin/users");
    expect(parentPath("/support?x=1")).toBe("/");
    expect(parentPath("/")).toBe("/");
  });
});

describe("multiselect without JavaScript", () => {
  it("folds comma-separated new values into the list field, once each", async () => {
    const { mergeNewTags } = await import("~/forms/new-tags");
    const form = new FormData();
    form.append("categories", "Parts");
    form.append("categories__new", " Fleet, Parts ,, Rental ");
    form.append("name", "x");
    const merged = mergeNewTags(form, ["categories", "webRoles"]);
    expect(merged.getAll("categories")).toEqual(["Parts", "Fleet", "Rental"]);
    expect(merged.has("categories__new")).toBe(false);
    expect(merged.get("name")).toBe("x");
  });
});
