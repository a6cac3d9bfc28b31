import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { registerTranslations } from "~/i18n/i18n-registry";
import type { Messages } from "~/i18n/messages";

const messages = {
  greeting: "Welcome",
  hello: "Hello {{name}}",
  items_one: "{{count}} item",
  items_other: "{{count}} items",
} as unknown as Messages;

function countedResolutions(href: string, data: Messages = messages) {
  const translator = registerTranslations(href, "en", data);
  const translate = vi.spyOn(
    (translator as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator,
    "translate",
  );
  return { translator, translate };
}

function Texts({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p>
      {t("greeting")} {t("hello", { name })} {t("items", { count: 2 })}
    </p>
  );
}

describe("translators keep texts of plain calls (issue #12)", () => {
  it("a bare key is resolved once, whether called bare or bound", () => {
    const { translator, translate } = countedResolutions("/locales/test-plain.json");
    const t = translator.getFixedT("en");
    expect(t("greeting")).toBe("Welcome");
    expect(t("greeting")).toBe("Welcome");
    expect(translator.t("greeting")).toBe("Welcome");
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it("a call with plain values, counts or a default is resolved once per distinct values", () => {
    const { translator, translate } = countedResolutions("/locales/test-values.json");
    const t = translator.getFixedT("en");
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello", { name: "Bo" })).toBe("Hello Bo");
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 2 })).toBe("2 items");
    expect(t("items", { count: 2 })).toBe("2 items");
    // The number 1 and the text "1" are different values.
    expect(t("hello", { name: 1 })).toBe("Hello 1");
    expect(t("hello", { name: "1" })).toBe("Hello 1");
    expect(t("missing.key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(t("missing.key", { defaultValue: "Other" })).toBe("Other");
    expect(translate).toHaveBeenCalledTimes(8);
  });

  it("a call with an object among its options goes to i18next every time", () => {
    const { translator, translate } = countedResolutions("/locales/test-objects.json");
    const options = { name: "Ada", interpolation: { escapeValue: true } };
    expect(translator.t("hello", options)).toBe("Hello Ada");
    expect(translator.t("hello", options)).toBe("Hello Ada");
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it("components keep their texts too: react-i18next's bound t (lng undefined, lngs null) is a plain call", () => {
    const { translator, translate } = countedResolutions("/locales/test-react.json");
    const page = (name: string) =>
      renderToString(
        <I18nextProvider i18n={translator}>
          <Texts name={name} />
        </I18nextProvider>,
      );
    expect(page("Ada")).toBe("<p>Welcome<!-- --> <!-- -->Hello Ada<!-- --> <!-- -->2 items</p>");
    expect(translate).toHaveBeenCalledTimes(3);
    page("Ada");
    expect(translate).toHaveBeenCalledTimes(3);
    expect(page("Bo")).toContain("Hello Bo");
    expect(translate).toHaveBeenCalledTimes(4);
    // A kept bare key is read without going through i18next's bound wrapper to the translator's t.
    const viaTranslator = vi.spyOn(translator, "t");
    page("Bo");
    expect(viaTranslator).toHaveBeenCalledTimes(2);
  });

  it("a prefixed binding is not confused with the bare key", () => {
    const translator = registerTranslations("/locales/test-prefix.json", "en", {
      greeting: "Welcome",
      admin: { greeting: "Welcome, administrator" },
    } as unknown as Messages);
    expect(translator.getFixedT("en")("greeting")).toBe("Welcome");
    expect(translator.getFixedT("en", null, "admin")("greeting")).toBe("Welcome, administrator");
  });

  it("a call with a default text and values keeps its values", () => {
    const translator = registerTranslations("/locales/test-default.json", "en", messages);
    const t = translator.t as unknown as (key: string, defaultValue: string, options: object) => string;
    expect(t("missing.key", "Hi {{name}}", { name: "Ada" })).toBe("Hi Ada");
    expect(t("missing.key", "Hi {{name}}", { name: "Bo" })).toBe("Hi Bo");
  });
});
