import { describe, expect, it } from "vitest";
import { localeCookie, localeOf, requestTranslator, requestedLocale } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";

function request(headers: Record<string, string>, path = "/") {
  return new Request(`http://portal.test${path}`, { headers });
}

describe("SPEC §4 locale through remix-i18next", () => {
  it("comes from the locale cookie first", async () => {
    expect(await localeOf(request({ Cookie: "theme=2; locale=de", "Accept-Language": "fr" }))).toBe("de");
  });

  it("then from the first supported Accept-Language by quality, then en", async () => {
    expect(await localeOf(request({ "Accept-Language": "ja, ko;q=0.9, fr;q=0.95" }))).toBe("fr");
    expect(await localeOf(request({ "Accept-Language": "zh-CN,zh;q=0.9" }))).toBe("zh");
    expect(await localeOf(request({ Cookie: "locale=xx", "Accept-Language": "ja" }))).toBe("en");
    expect(await localeOf(request({}))).toBe("en");
  });

  it("an API's ?language= wins over the request's own language, when supported", async () => {
    expect(await requestedLocale(request({ Cookie: "locale=de" }, "/api?language=ko"))).toBe("ko");
    expect(await requestedLocale(request({ Cookie: "locale=de" }, "/api?language=xx"))).toBe("de");
  });

  it("translates on the server in the detected language", async () => {
    const t = await requestTranslator(request({ Cookie: "locale=de" }));
    expect(t("notFound.title")).toBe("Seite nicht gefunden");
  });

  it("keeps the cookie's plain value, httpOnly and SameSite, that the identity provider's pages read", async () => {
    const header = await localeCookie.serialize("nl");
    expect(header).toMatch(/^locale=nl; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    expect(await localeCookie.parse("locale=nl")).toBe("nl");
  });
});

describe("localeOrDefault", () => {
  it("keeps a language the portal speaks and falls back to English for any other value", () => {
    expect(localeOrDefault("ko")).toBe("ko");
    expect(localeOrDefault("pt")).toBe("pt");
    for (const other of ["xx", "EN", "de-DE", "", null, undefined, 7]) expect(localeOrDefault(other)).toBe("en");
  });
});
