import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locale";
import { MESSAGES } from "~/i18n/messages";

/** Values that are proper names and stay the same in every language (IRW: a document subject's acronym). */
const SAME_IN_EVERY_LANGUAGE = [
  /^brands\.[1-5]$/,
  /^brand\.(name|company)$/,
  /^languages\./,
  /^documents\.subjects\.IRW$/,
];

function flatten(tree: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === "object") Object.assign(out, flatten(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(value);
  }
  return out;
}

const english = flatten(MESSAGES.en);

describe("locale files", () => {
  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English key set", (locale) => {
    expect(Object.keys(flatten(MESSAGES[locale])).sort()).toEqual(Object.keys(english).sort());
  });
  it.each(LOCALES.filter((l) => l !== "en"))("%s keeps no English value (proper names allowed)", (locale) => {
    const values = flatten(MESSAGES[locale]);
    const untranslated = Object.entries(values)
      .filter(([key, value]) => value === english[key] && !SAME_IN_EVERY_LANGUAGE.some((re) => re.test(key)))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
  it.each(LOCALES)("%s keeps every interpolation placeholder", (locale) => {
    const values = flatten(MESSAGES[locale]);
    for (const [key, value] of Object.entries(english)) {
      const placeholders = value.match(/\{\{\w+\}\}/g) ?? [];
      for (const p of placeholders) expect(values[key], `${locale}:${key}`).toContain(p);
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
