import { describe, expect, it } from "vitest";
import { BRAND_IDS as THEME_BRAND_IDS, resolveTheme, logoOf } from "~/theme/theme";
import { BRAND_IDS as AUDIENCE_BRAND_IDS } from "~/validation/audience";
import { pageTitle } from "~/shell/page-title";
import { localeFromHeaders, localeFromAcceptLanguage } from "~/i18n/locale";
import { mergeMessages, messagesFor } from "~/i18n/messages";
import { footerLinksFor } from "~/shell/footer-links";
import { computeAccessData } from "~/permissions/access-data";
import { withSearchParam } from "~/ui/search-params";
import { accountSecurityLink } from "~/account/routes";
import { errorContentOf } from "~/shell/error-content";
import { changePasswordHref, changePasswordOnDemand } from "~/account-migration/routes";
import { securityReviewHref, securityReviewOnDemand } from "~/security-review/routes";
import { F } from "~/permissions/features";

describe("SPEC §4 theme", () => {
  it("defaults to the third brand on its host, else the first", () => {
    expect(resolveTheme({ onBrand3Host: true })).toBe(3);
    expect(resolveTheme({ onBrand3Host: false })).toBe(1);
  });
  it("?brand= preselects over the kept choice", () => {
    expect(resolveTheme({ queryBrand: "4", cookieBrand: "2", onBrand3Host: false })).toBe(4);
    expect(resolveTheme({ cookieBrand: "2", onBrand3Host: false })).toBe(2);
    expect(resolveTheme({ queryBrand: "9", cookieBrand: "2", onBrand3Host: false })).toBe(2);
  });
  it("switches to the first accessible brand when the current one is not the user's", () => {
    expect(resolveTheme({ cookieBrand: "3", onBrand3Host: false, accessibleBrandIds: [2, 4] })).toBe(2);
    expect(resolveTheme({ cookieBrand: "4", onBrand3Host: false, accessibleBrandIds: [2, 4] })).toBe(4);
  });
  it("the first two brands share the special logo", () => {
    expect(logoOf(1)).toBe(logoOf(2));
    expect(logoOf(3)).not.toBe(logoOf(1));
  });
});

describe("SPEC §2 page title", () => {
  it("is the product name when signed out", () => {
    expect(pageTitle({ signedIn: false, pageTitle: "Home", appName: "Dealer Portal", brandName: "Vantor" })).toBe(
      "Dealer Portal",
    );
  });
  it("is '{page title} | {theme brand name}' when signed in", () => {
    expect(pageTitle({ signedIn: true, pageTitle: "Home", appName: "Dealer Portal", brandName: "Halden" })).toBe(
      "Home | Halden",
    );
  });
});

describe("SPEC §4 locale", () => {
  it("comes from the cookie first", () => {
    expect(localeFromHeaders("a=b; locale=de", "fr")).toBe("de");
  });
  it("then from Accept-Language by quality, then en", () => {
    expect(localeFromHeaders(null, "ja, ko;q=0.9, fr;q=0.95")).toBe("fr");
    expect(localeFromAcceptLanguage("zh-CN,zh;q=0.9")).toBe("zh");
    expect(localeFromHeaders("locale=xx", "ja")).toBe("en");
  });
});

describe("translations with brand overrides", () => {
  it("merge leaf by leaf without changing the base", () => {
    const base = { a: { b: "1", c: "2" }, d: "3" };
    expect(mergeMessages(base, { a: { c: "X" } })).toEqual({ a: { b: "1", c: "X" }, d: "3" });
    expect(base.a.c).toBe("2");
  });
  it("issue #18 the brand's own texts (name, company of the copyright line) come from its overrides, in every language", () => {
    expect(messagesFor("en", 1).brand).toEqual({ name: "Vantor", company: "Vantor Equipment" });
    expect(messagesFor("en", 3).brand).toEqual({ name: "Halden", company: "Halden Works" });
    expect(messagesFor("de", 4).brand).toEqual({ name: "Corvane", company: "Corvane Machinery" });
    expect(messagesFor("de", 4).footer.copyright).toBe(messagesFor("de", 1).footer.copyright);
  });
});

describe("issue #18 footer links come from configuration", () => {
  const config = {
    FOOTER_CONTACT_URL: "https://support.example.net/brand/{brand}/contact",
    FOOTER_PRIVACY_URL: "https://legal.example.net/privacy",
    FOOTER_TERMS_URL: "https://legal.example.net/terms",
    FOOTER_TRADE_EXPORT_URL: "https://legal.example.net/{brand}/trade",
  };
  it("each configured address, {brand} set to the theme brand; the trade link only in the third brand's theme", () => {
    expect(footerLinksFor(config, 3)).toEqual({
      contactUs: "https://support.example.net/brand/3/contact",
      privacyPolicy: "https://legal.example.net/privacy",
      termsOfUse: "https://legal.example.net/terms",
      tradeExport: "https://legal.example.net/3/trade",
    });
    expect(footerLinksFor(config, 1).tradeExport).toBeNull();
    expect(footerLinksFor(config, 1).contactUs).toBe("https://support.example.net/brand/1/contact");
  });
});

describe("access data from roles, locations and brands", () => {
  it("unions features over roles, adds derived ones, and lists brands, regions and workspaces once", () => {
    const row = (features: string[], org: number, brandId: number, regionCode: string) => ({
      roleFeatures: features,
      organizationId: org,
      organizationName: `Org ${org}`,
      organizationKind: "location" as const,
      brandId,
      brandName: `B${brandId}`,
      regionCode,
    });
    const data = computeAccessData(
      { employeeNumber: "E1", directoryGroups: ["g"], requiredActions: ["changePassword"] },
      [
        row(["documents:view"], 2, 4, "EMEA"),
        row(["admin:users:read", "documents:view"], 1, 1, "NA"),
        row(["x"], 1, 1, "NA"),
      ],
      "okta",
    );
    expect(data).toEqual({
      brands: [
        { id: 1, name: "B1" },
        { id: 4, name: "B4" },
      ],
      regions: ["EMEA", "NA"],
      workspaces: [
        { id: 1, name: "Org 1" },
        { id: 2, name: "Org 2" },
      ],
      features: ["admin:users:read", "documents:view", "okta:g", "serialNumber:present", "x"],
      requiredActions: ["changePassword"],
    });
  });
});

describe("URL-addressed menus and modals", () => {
  it("set and remove one search parameter", () => {
    expect(withSearchParam({ pathname: "/a", search: "?x=1" }, "modal", "brands")).toBe("/a?x=1&modal=brands");
    expect(withSearchParam({ pathname: "/a", search: "?modal=brands" }, "modal", null)).toBe("/a");
  });
});

describe("issue #5 §2 password and security link", () => {
  it("with the embedded identity provider: its account page in the portal", () => {
    expect(accountSecurityLink(true, "https://id.example.com/account/security")).toBe("/account/security");
  });
  it("with an external OIDC_ISSUER: ACCOUNT_SECURITY_URL", () => {
    expect(accountSecurityLink(false, "https://id.example.com/account/security")).toBe(
      "https://id.example.com/account/security",
    );
  });
});

describe("one list of brand ids", () => {
  it("the audience fields and the themes know the same five brands", () => {
    expect(AUDIENCE_BRAND_IDS).toEqual(THEME_BRAND_IDS);
  });
});

describe("SPEC §8 the error page's content", () => {
  const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });
  it("access data failure: the error message is shown with details from the error's message", () => {
    const content = errorContentOf(
      thrown(500, { key: "errors.accessDataFailed", details: "access profile unreadable" }),
      false,
    );
    expect(content).toEqual({
      titleKey: "errors.title",
      textKey: "errors.accessDataFailed",
      details: "access profile unreadable",
      serverError: true,
    });
    // The body may still be JSON text.
    expect(
      errorContentOf(thrown(500, JSON.stringify({ key: "errors.accessDataFailed", details: "x" })), false),
    ).toEqual({ ...content, details: "x" });
  });
  it("an unexpected error shows the generic text and no details; 404 is Page not found; offline says offline", () => {
    expect(errorContentOf(new Error("secret internals"), false)).toMatchObject({
      textKey: "errors.generic",
      details: null,
    });
    expect(errorContentOf(thrown(500, "plain text internals"), false)).toMatchObject({
      textKey: "errors.generic",
      details: null,
    });
    expect(errorContentOf(thrown(404, null), false)).toMatchObject({ titleKey: "notFound.title", serverError: false });
    expect(errorContentOf(thrown(403, { key: "errors.brandHostMismatch" }), false)).toMatchObject({
      textKey: "errors.brandHostMismatch",
      serverError: false,
    });
    expect(errorContentOf(new Error("x"), true)).toMatchObject({ titleKey: "offline.title", serverError: false });
  });
});

describe("SPEC §6 feature:dev gates the attestation and change-password entries", () => {
  it("the security review entry needs feature:dev and the review's admin feature", () => {
    expect(securityReviewOnDemand([F.dev, F.usersWrite])).toBe(true);
    expect(securityReviewOnDemand([F.usersWrite])).toBe(false);
    expect(securityReviewOnDemand([F.dev])).toBe(false);
  });
  it("the change-password entry needs feature:dev only", () => {
    expect(changePasswordOnDemand([F.dev])).toBe(true);
    expect(changePasswordOnDemand([F.usersWrite, F.serialNumberPresent])).toBe(false);
  });
  it("both open on demand and come back where they were opened", () => {
    expect(securityReviewHref("/documents?page=2")).toBe("/security-review?returnTo=%2Fdocuments%3Fpage%3D2");
    expect(changePasswordHref("/")).toBe("/account/migrate?returnTo=%2F");
  });
});
