import { flatten } from "./flat-messages";
import { describe, expect, it } from "vitest";
import brandOverrides from "~/i18n/brand-overrides.json";
import { registerTranslations, translationsAt } from "~/i18n/i18n-registry";
import { createTranslator, type Translator } from "~/translate/translator";
import { translatorFor } from "~/i18n/i18next.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import { MESSAGES, type Messages } from "~/i18n/messages";
import { translationAssetOf } from "~/i18n/translation-assets.server";
import { BRAND_IDS } from "~/theme/theme";

/** i18next v23's plural suffixes (JSON v4), in CLDR order. */
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5];

/** The texts issue #33 made counted: each must stay a plural key. */
const COUNTED = [
  "profile.unread",
  "brandSwitcher.unread",
  "validations.minLength",
  "adminApplications.count",
  "adminAnnouncements.count",
  "adminSecurityRoles.count",
  "adminSecurityRoles.inUseHolders",
  "adminSecurityRoles.inUseSets",
  "adminPermissionSets.count",
  "adminUsers.count",
  "integrationErrors.count",
  "audit.users.count",
  "audit.organizations.count",
  "accountSecurity.policy",
  "verifyEmail.policy",
  "verificationMail.text",
  "securityReviewMail.text",
  "imports.report.counts",
  "imports.report.moreProblems",
  "imports.progress.rows",
  "imports.result.more",
];

/**
 * Texts that show a count as a value of their own ("Documents: 3", "Unread (3)"), not joined to a
 * noun: they need no plural forms. Any other text with {{count}} must be a plural key.
 */
const COUNT_AS_A_VALUE = [
  "announcements.unread",
  "announcements.read",
  "accountSecurity.ended",
  "accountSecurity.signOutOthersText",
  "documents.count",
  "securityReview.disabled",
  "manageDirectory.found",
  "imports.report.problems",
  "imports.result.created",
  "imports.result.updated",
  "imports.result.unchanged",
];

/** English texts the spec quotes with a hand-made plural (SPEC §2 route title, §8 error catalogue): kept as quoted. */
const SPEC_QUOTED = new Set(["Create user from role(s)", "No administrators were found for your assigned location(s)"]);

/** A hand-made plural: "user(s)", "Rolle(n)", "vestiging(en)", "user/users". */
const HAND_MADE_PLURAL = /\p{Script=Latin}\(\p{Ll}{1,4}\)|\b(\p{L}+)\/\1\p{Ll}{1,3}\b/u;

const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(MESSAGES[l])])) as Record<
  Locale,
  Record<string, string>
>;

/** The counted keys of a locale (without their plural suffix), sorted. */
function countedKeysOf(values: Record<string, string>): string[] {
  const keys = new Set<string>();
  for (const key of Object.keys(values)) if (PLURAL_SUFFIX.test(key)) keys.add(key.replace(PLURAL_SUFFIX, ""));
  return [...keys].sort();
}

const everyCountedKey = [...new Set(LOCALES.flatMap((l) => countedKeysOf(flat[l])))].sort();

function categoriesOf(locale: Locale): string[] {
  const listed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  return CATEGORIES.filter((c) => listed.includes(c));
}

/** A plain i18next instance with one locale's resources, configured as the portal's. */
function instanceFor(locale: Locale, messages: Messages = MESSAGES[locale]): Translator {
  return createTranslator(locale, messages);
}

/** Values for a text's placeholders other than the count (numbers: a nested count may take them). */
function otherValuesOf(values: Record<string, string>, key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(values))
    if (name.replace(PLURAL_SUFFIX, "") === key)
      for (const [, placeholder] of value.matchAll(/\{\{(\w+)(?:, number)?\}\}/g))
        if (placeholder !== "count") out[placeholder] = 7;
  return out;
}

/** The form Intl.PluralRules picks for n, filled in as i18next would. */
function expectedText(locale: Locale, key: string, n: number, others: Record<string, number>): string {
  const form = flat[locale][`${key}_${new Intl.PluralRules(locale).select(n)}`];
  return Object.entries({ ...others, count: n }).reduce(
    (text, [name, value]) =>
      text
        .replaceAll(`{{${name}}}`, String(value))
        .replaceAll(`{{${name}, number}}`, new Intl.NumberFormat(locale).format(value)),
    form,
  );
}

type Translate = (key: string, options: Record<string, unknown>) => unknown;

/** Renders every counted key of a locale with 0, 1, 2 and 5 and checks each text. */
function expectEveryCountedKeyRendered(locale: Locale, translate: Translate, label: string) {
  for (const key of everyCountedKey) {
    const others = otherValuesOf(flat[locale], key);
    for (const n of COUNTS) {
      const text = String(translate(key, { ...others, count: n }));
      const where = `${label} ${locale}:${key} count ${n}`;
      expect(text, where).toContain(new Intl.NumberFormat(locale).format(n));
      expect(text, where).not.toContain("{{");
      expect(text, where).not.toContain("$t(");
      expect(text, where).toBe(expectedText(locale, key, n, others));
    }
  }
}

describe("issue #33 plural forms: every counted key renders in every locale with 0, 1, 2 and 5", () => {
  it("the counted texts are plural keys, and each counted key exists in all nine locales", () => {
    expect(LOCALES).toHaveLength(9);
    expect(everyCountedKey).toEqual(expect.arrayContaining(COUNTED));
    for (const locale of LOCALES) expect(countedKeysOf(flat[locale]), locale).toEqual(everyCountedKey);
    // A counted key is never also a plain key.
    for (const locale of LOCALES)
      for (const key of everyCountedKey) expect(flat[locale][key], `${locale}:${key}`).toBeUndefined();
  });

  it.each(LOCALES)("%s has a form for each plural category Intl.PluralRules lists, and no other", (locale) => {
    const categories = categoriesOf(locale);
    for (const key of everyCountedKey) {
      const forms = CATEGORIES.filter((c) => `${key}_${c}` in flat[locale]);
      expect(forms, `${locale}:${key}`).toEqual(categories);
    }
  });

  it.each(LOCALES)("%s renders each counted key with 0, 1, 2 and 5 in the form its plural rules pick", (locale) => {
    const instance = instanceFor(locale);
    expectEveryCountedKeyRendered(locale, (key, options) => instance.t(key, options), "i18next");
  });

  it.each(LOCALES)(
    "%s: the portal's translators pick the forms too (server render, the browser's hashed file, services)",
    (locale) => {
      for (const brandId of BRAND_IDS) {
        const asset = translationAssetOf(locale, brandId);
        // The server renders a page with the translator registered for the file the browser is given.
        const server = translationsAt(asset.href);
        expect(server, asset.href).toBeDefined();
        expectEveryCountedKeyRendered(locale, (key, options) => server!.t(key, options), `server ${asset.href}`);
        // The browser registers the file it fetched, as loadTranslations does.
        const browser = registerTranslations(`test-browser:${asset.href}`, locale, JSON.parse(asset.body) as Messages);
        expectEveryCountedKeyRendered(locale, (key, options) => browser.t(key, options), `browser ${asset.href}`);
      }
      const services = translatorFor(locale);
      expectEveryCountedKeyRendered(locale, (key, options) => services(key, options), "translatorFor");
    },
  );

  it("French counts 0 as one; Korean and Chinese have one form", () => {
    expect(instanceFor("fr").t("adminUsers.count", { count: 0 })).toBe("0 utilisateur");
    expect(instanceFor("fr").t("adminUsers.count", { count: 2 })).toBe("2 utilisateurs");
    expect(instanceFor("en").t("adminUsers.count", { count: 0 })).toBe("0 users");
    expect(instanceFor("en").t("brandSwitcher.unread", { count: 1 })).toBe("1 unread announcement");
    expect(instanceFor("de").t("adminSecurityRoles.count", { count: 1 })).toBe("1 Sicherheitsrolle");
    expect(instanceFor("ko").t("adminUsers.count", { count: 1 })).toBe("사용자 1명");
    expect(instanceFor("zh").t("adminUsers.count", { count: 5 })).toBe("5 位用户");
  });

  it("English keeps its texts (and the spec's) as the plural form", () => {
    const en = flat.en;
    expect(en["validations.minLength_other"]).toBe("This field should be at least {{count, number}} characters long");
    expect(en["adminUsers.count_other"]).toBe("{{count, number}} users");
    expect(en["adminApplications.count_other"]).toBe("{{count, number}} applications");
    expect(en["adminAnnouncements.count_other"]).toBe("{{count, number}} announcements");
    expect(en["adminSecurityRoles.count_other"]).toBe("{{count, number}} security roles");
    expect(en["adminPermissionSets.count_other"]).toBe("{{count, number}} permission sets");
    expect(en["integrationErrors.count_other"]).toBe("{{count, number}} errors");
    expect(en["audit.users.count_other"]).toBe("{{count, number}} entries");
    expect(en["brandSwitcher.unread_other"]).toBe("{{count, number}} unread announcements");
    expect(en["imports.report.moreProblems_other"]).toBe("{{count, number}} more problems are not listed here.");
    expect(en["adminUsers.fromRolesTitle"]).toBe("Create user from role(s)");
    expect(en["support.noAdministrators"]).toBe("No administrators were found for your assigned location(s)");
    const t = instanceFor("en").t;
    expect(t("validations.minLength", { count: 8 })).toBe("This field should be at least 8 characters long");
    expect(t("imports.report.counts", { count: 3, create: 1, update: 0, unchanged: 0 })).toBe(
      "3 rows: 1 to create, 0 to update, 0 unchanged.",
    );
    expect(t("imports.progress.rows", { done: 2, count: 4, percent: 50 })).toBe("2 of 4 rows (50 %)");
  });

  it("issue #33 numbers by locale: a count is written the interface language's way", () => {
    expect(instanceFor("en").t("adminUsers.count", { count: 1234 })).toBe("1,234 users");
    expect(instanceFor("de").t("adminUsers.count", { count: 1234 })).toBe(
      `1.234 ${String(instanceFor("de").t("adminUsers.count", { count: 2 })).replace(/^2 /, "")}`,
    );
    expect(instanceFor("fr").t("imports.progress.rows", { done: 1500, count: 3000, percent: 50 })).toContain(
      new Intl.NumberFormat("fr").format(1500),
    );
    // A year or an id is not a quantity: never grouped.
    expect(String(instanceFor("de").t("footer.copyright", { year: 2026, company: "X" }))).toContain("2026");
  });

  it("a text with two counts nests a plural phrase for each, in every locale", () => {
    const english = instanceFor("en").t;
    expect(english("adminSecurityRoles.inUse", { holders: 4, sets: 2 })).toBe(
      "The role cannot be deleted: 4 users hold it and 2 permission sets offer it. Remove it from them first.",
    );
    expect(english("adminSecurityRoles.inUse", { holders: 1, sets: 1 })).toBe(
      "The role cannot be deleted: 1 user holds it and 1 permission set offers it. Remove it from them first.",
    );
    for (const locale of LOCALES) {
      const t = instanceFor(locale).t;
      for (const [holders, sets] of [
        [0, 1],
        [1, 2],
        [5, 0],
      ]) {
        const text = t("adminSecurityRoles.inUse", { holders, sets });
        const where = `${locale} ${holders}/${sets}`;
        expect(text, where).toContain(t("adminSecurityRoles.inUseHolders", { count: holders }));
        expect(text, where).toContain(t("adminSecurityRoles.inUseSets", { count: sets }));
        expect(text, where).not.toMatch(/\{\{|\$t\(/);
      }
      // Every nesting text of the locale renders whole.
      for (const [key, value] of Object.entries(flat[locale]).filter(([, v]) => v.includes("$t("))) {
        const text = t(key.replace(PLURAL_SUFFIX, ""), { ...otherValuesOf(flat[locale], key), count: 3 });
        expect(text, `${locale}:${key} (${value})`).not.toMatch(/\{\{|\$t\(/);
      }
    }
  });

  it("no locale value in any file makes a plural by hand, and a count joined to a noun is always a plural key", () => {
    const files: [string, Record<string, string>][] = [
      ...LOCALES.map((l): [string, Record<string, string>] => [`locales/${l}.json`, flat[l]]),
      ["brand-overrides.json", flatten(brandOverrides)],
    ];
    for (const [file, values] of files) {
      for (const [key, value] of Object.entries(values)) {
        if (SPEC_QUOTED.has(value)) continue;
        expect(value, `${file} ${key}`).not.toMatch(HAND_MADE_PLURAL);
        expect(value, `${file} ${key}`).not.toContain("(s)");
        if (value.includes("{{count}}") && !PLURAL_SUFFIX.test(key))
          expect(
            COUNT_AS_A_VALUE,
            `${file} ${key}: "${value}" joins {{count}} to a text; make it a plural key`,
          ).toContain(key);
      }
    }
    // The spec's quotes are the only exceptions, and only in English.
    for (const l of LOCALES.filter((x) => x !== "en"))
      for (const value of Object.values(flat[l])) expect(SPEC_QUOTED.has(value), `${l}: ${value}`).toBe(false);
  });
});
