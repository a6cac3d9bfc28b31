import { describe, expect, it } from "vitest";
import { flatten } from "./flat-messages";
import { LOCALES } from "~/i18n/locale";
import { MESSAGES } from "~/i18n/messages";

/** Values that are proper names and stay the same in every language (IRW: a document subject's acronym). */
const SAME_IN_EVERY_LANGUAGE = [
  /^brands\.[1-5]$/,
  /^brand\.(name|company)$/,
  /^languages\./,
  /^documents\.subjects\.IRW$/,
  // Punctuation only: an arrow between roles, a brand and its region (Chinese has its own comma).
  /^effectiveAccess\.(chainSeparator|brandRegion)$/,
  // A location and its dealer in brackets, a percentage: placeholders and punctuation (issue #40).
  /^network\.(placeOfDealer|percent)$/,
  // An announcement's first and last day: placeholders and a dash (issue #40 §3).
  /^acknowledgements\.windowDates$/,
];

/**
 * Values that are the English word by chance, in a language of its own (cognates): locale → keys.
 * French "application", "applications" and Spanish "error" are those languages' own words.
 */
const SAME_WORD_BY_CHANCE: Partial<Record<string, RegExp[]>> = {
  fr: [/^adminApplications\.count_/, /^apiDocs\.type$/],
  es: [/^integrationErrors\.count_one$/, /^apiDocs\.no$/, /^network\.no$/],
  // The API reference's column heads: German, Dutch and Portuguese "Status", Dutch "Parameters"
  // and "Type", Spanish and Italian "No" are those languages' own words.
  de: [/^apiDocs\.status$/],
  it: [/^apiDocs\.no$/, /^network\.no$/],
  // Dutch "dealer" is the Dutch word (the dashboard's dealer column and counts).
  nl: [
    /^apiDocs\.(parameters|status|type)$/,
    /^network\.(levels\.brandRegion|counts\.brandRegion_.*|csvColumns\.dealer)$/,
  ],
  pt: [/^apiDocs\.status$/],
};

/** i18next's plural suffixes (JSON v4): a counted text is one key per plural form of its language. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix: the text every language must have, whatever its plural forms. */
function textKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, "");
}

const english = flatten(MESSAGES.en);

/** Each English text's placeholders, by text (a counted text's forms together). */
const englishPlaceholders = new Map<string, Set<string>>();
for (const [key, value] of Object.entries(english)) {
  const placeholders = englishPlaceholders.get(textKey(key)) ?? new Set<string>();
  for (const p of value.match(/\{\{\w+\}\}/g) ?? []) placeholders.add(p);
  englishPlaceholders.set(textKey(key), placeholders);
}

describe("locale files", () => {
  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has exactly the English key set (a counted text by its key without the plural suffix)",
    (locale) => {
      const texts = (keys: string[]) => [...new Set(keys.map(textKey))].sort();
      expect(texts(Object.keys(flatten(MESSAGES[locale])))).toEqual(texts(Object.keys(english)));
    },
  );
  it.each(LOCALES)("%s gives each counted text exactly its language's plural forms", (locale) => {
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    const forms = new Map<string, string[]>();
    for (const key of Object.keys(flatten(MESSAGES[locale]))) {
      const suffix = PLURAL_SUFFIX.exec(key)?.[1];
      if (suffix) forms.set(textKey(key), [...(forms.get(textKey(key)) ?? []), suffix]);
    }
    expect(forms.size).toBeGreaterThan(0);
    for (const [text, suffixes] of forms) expect(suffixes.sort(), `${locale}:${text}`).toEqual(categories);
  });
  it.each(LOCALES.filter((l) => l !== "en"))("%s keeps no English value (proper names allowed)", (locale) => {
    const values = flatten(MESSAGES[locale]);
    const untranslated = Object.entries(values)
      .filter(
        ([key, value]) =>
          value === english[key] &&
          !SAME_IN_EVERY_LANGUAGE.some((re) => re.test(key)) &&
          !SAME_WORD_BY_CHANCE[locale]?.some((re) => re.test(key)),
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
  it.each(LOCALES)("%s keeps every interpolation placeholder", (locale) => {
    // Every plural form of a counted text keeps every placeholder of the English text.
    for (const [key, value] of Object.entries(flatten(MESSAGES[locale]))) {
      for (const p of englishPlaceholders.get(textKey(key)) ?? []) expect(value, `${locale}:${key}`).toContain(p);
    }
  });
  it("English quotes the spec's texts exactly", () => {
    expect(english["accessDenied.text"]).toBe(
      "You don’t have access to this functionality. If you have any questions contact your administrator",
    );
    expect(english["validations.required"]).toBe("Value is required");
    expect(english["validations.email"]).toBe("Value is not a valid email address");
    expect(english["validations.numeric"]).toBe("Value must be numeric");
    expect(english["validations.integer"]).toBe("Value is not an integer");
    expect(english["app.name"]).toBe("Dealer Portal");
    expect(english["validations.invalidFileType"]).toBe("Invalid File Type");
    expect(english["validations.oneFileOnly"]).toBe("You can only upload 1 item at the time");
    expect(english["common.noResults"]).toBe(
      "No results to display. Change your search or filter criteria and try again.",
    );
  });
});
