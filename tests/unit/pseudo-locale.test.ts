import { describe, expect, it } from "vitest";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoLocalize, pseudoMessages } from "~/i18n/pseudo-locale";
import { pseudoLocaleAllowed } from "~/i18n/pseudo-locale.server";
import { MESSAGES } from "~/i18n/messages";
import { createTranslator } from "~/translate/translator";
import { flatten } from "./flat-messages";

describe("issue #33 pseudo-locale", () => {
  it("accents every letter, marks both ends and is at least 40 % longer", () => {
    const text = pseudoLocalize("Save changes");
    expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil("Save changes".length * 1.4));
  });

  it("keeps interpolations, nestings, markup and entities as they are", () => {
    const text = pseudoLocalize("Hello {{name}}, <strong>{{count, number}}</strong> new &amp; $t(common.save)");
    expect(text).toContain("{{name}}");
    expect(text).toContain("<strong>{{count, number}}</strong>");
    expect(text).toContain("&amp;");
    expect(text).toContain("$t(common.save)");
  });

  it("has every English key, and renders counted texts with their numbers", () => {
    const pseudo = pseudoMessages(MESSAGES.en);
    expect(Object.keys(flatten(pseudo)).sort()).toEqual(Object.keys(flatten(MESSAGES.en)).sort());
    const t = createTranslator("en", pseudo).t;
    const unread = t("profile.unread", { count: 1234 });
    expect(unread).toContain("1,234");
    expect(unread).not.toMatch(/unread/);
  });

  it("is never offered in production unless configured", () => {
    expect(pseudoLocaleAllowed({ APP_ENV: "production", PSEUDO_LOCALE: undefined })).toBe(false);
    expect(pseudoLocaleAllowed({ APP_ENV: "production", PSEUDO_LOCALE: "true" })).toBe(true);
    expect(pseudoLocaleAllowed({ APP_ENV: "test", PSEUDO_LOCALE: undefined })).toBe(true);
    expect(pseudoLocaleAllowed({ APP_ENV: "development", PSEUDO_LOCALE: "false" })).toBe(false);
  });
});
