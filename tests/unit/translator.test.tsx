import fc from "fast-check";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/locale";
import { MESSAGES } from "~/i18n/messages";
import { TranslatorProvider, useTranslation } from "~/translate/react";
import { createTranslator, type MessageTree, type TFunction, type TranslationValues } from "~/translate/translator";
import { flatten } from "./flat-messages";

/** i18next as the portal configured it before issue #38: the reference the translator is held to. */
function reference(language: string, messages: object, fallback?: object): { t: TFunction } {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: fallback ? "en" : false,
    resources: { [language]: { translation: messages }, ...(fallback ? { en: { translation: fallback } } : {}) },
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return { t: instance.t as unknown as TFunction };
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1234, 1.5];

/** Values for every placeholder of a text: numbers where it formats one, else text with markup. */
function valuesFor(text: string, seed: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, inner] of text.matchAll(/\{\{(.+?)\}\}/g)) {
    const [name, format] = inner.split(",").map((part) => part.trim());
    // A value inside a nesting's options (`{"count": {{holders}} }`) is a number in JSON.
    const counted = text.includes(`: {{${inner}}}`);
    values[name] = counted ? 3 * seed : format === "number" ? 12345.678 * seed : `Ada & <b>${seed}</b> $1`;
  }
  return values;
}

/** Every call a locale file invites: each key bare, with its values, and each counted key by count. */
function callsOf(messages: object): [string, TranslationValues | undefined][] {
  const calls: [string, TranslationValues | undefined][] = [];
  const flat = flatten(messages);
  const counted = new Set<string>();
  for (const [key, text] of Object.entries(flat)) {
    // A nesting without its values is a broken call (i18next then emits the options' remains).
    if (!text.includes("$t(")) calls.push([key, undefined]);
    calls.push([key, valuesFor(text, 1)]);
    if (PLURAL_SUFFIX.test(key)) counted.add(key.replace(PLURAL_SUFFIX, ""));
  }
  for (const key of counted) {
    const text = flat[`${key}_other`] ?? "";
    for (const count of COUNTS) calls.push([key, { ...valuesFor(text, count), count }]);
  }
  return calls;
}

describe("the translator says what i18next said (issue #38: i18next left the browser's bundle)", () => {
  it.each(LOCALES)("%s: every message, with its values and every count, as the browser renders it", (locale) => {
    const mine = createTranslator(locale, MESSAGES[locale]);
    const theirs = reference(locale, MESSAGES[locale]);
    for (const [key, values] of callsOf(MESSAGES[locale])) {
      expect(mine.t(key, values), `${locale} ${key} ${JSON.stringify(values)}`).toBe(theirs.t(key, values));
    }
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))(
    "%s: the server's translator falls back to English for a key the language lacks, numbers still in %s",
    (locale: Locale) => {
      const partial = { ...MESSAGES[locale], adminUsers: undefined, profile: undefined };
      const mine = createTranslator(locale, partial as unknown as MessageTree, [
        { language: "en", messages: MESSAGES.en },
      ]);
      const theirs = reference(locale, partial, MESSAGES.en);
      for (const [key, values] of callsOf(MESSAGES.en)) {
        expect(mine.t(key, values), `${locale} ${key}`).toBe(theirs.t(key, values));
      }
      expect(mine.t("adminUsers.count", { count: 1234 })).toContain(new Intl.NumberFormat(locale).format(1234));
    },
  );

  it("nested counted texts take the count they are given ($t with options)", () => {
    const t = createTranslator("en", MESSAGES.en).t;
    expect(t("adminSecurityRoles.inUse", { holders: 1, sets: 3 })).toBe(
      reference("en", MESSAGES.en).t("adminSecurityRoles.inUse", { holders: 1, sets: 3 }),
    );
    expect(t("adminSecurityRoles.inUse", { holders: 1, sets: 3 })).toMatch(/1 .*3 /);
  });

  it("any key, default text and values: the same text as i18next", () => {
    const messages = { a: { b: "B {{x}}", c_one: "one {{count}}", c_other: "{{count, number}} others" }, d: "" };
    const mine = createTranslator("en", messages);
    const theirs = reference("en", messages);
    const segment = fc.constantFrom("a", "b", "c", "d", "x", "");
    const key = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("."));
    // Data never carries the placeholder or nesting marks here: i18next re-reads such data oddly.
    const text = fc.string({ maxLength: 12 }).filter((s) => !s.includes("{{") && !s.includes("$t("));
    const values = fc.record(
      {
        x: fc.oneof(text, fc.integer(), fc.constant(null)),
        count: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.constant("3")),
        defaultValue: fc.oneof(text, fc.constant("D {{x}}")),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(key, fc.option(values, { nil: undefined }), (k, v) => {
        expect(mine.t(k, v)).toBe(theirs.t(k, v));
      }),
    );
  });

  it("data is put in as it is, never read as a placeholder or a nesting", () => {
    const t = createTranslator("en", { hello: "Hello {{name}}, {{other}}" }).t;
    expect(t("hello", { name: "{{other}} $t(hello) $&", other: "Bo" })).toBe("Hello {{other}} $t(hello) $&, Bo");
  });

  it("a nesting that names itself stops rather than running away", () => {
    const t = createTranslator("en", { loop: "again $t(loop)" }).t;
    expect(t("loop")).toMatch(/^again again/);
  });

  it("components read the translator they are given, keys without one", () => {
    function Texts() {
      const { t, i18n } = useTranslation();
      return (
        <p lang={i18n.language}>
          {t("greeting")} {t("items", { count: 2 })}
        </p>
      );
    }
    const translator = createTranslator("de", {
      greeting: "Willkommen",
      items_one: "1 Stück",
      items_other: "{{count}} Stück",
    });
    expect(
      renderToString(
        <TranslatorProvider translator={translator}>
          <Texts />
        </TranslatorProvider>,
      ),
    ).toBe('<p lang="de">Willkommen<!-- --> <!-- -->2 Stück</p>');
    expect(renderToString(<Texts />)).toBe('<p lang="en">greeting<!-- --> <!-- -->items</p>');
  });
});
