import { describe, expect, it, vi } from "vitest";
import { registerTranslations } from "~/i18n/i18n-registry";
import type { Messages } from "~/i18n/messages";

const messages = {
  greeting: "Welcome",
  hello: "Hello {{name}}",
  items_one: "{{count}} item",
  items_other: "{{count}} items",
} as unknown as Messages;

describe("translators keep plain lookups (issue #12)", () => {
  it("a bare key is resolved once; values, counts and defaults are resolved on every call", () => {
    const translator = registerTranslations("/locales/test-plain.json", "en", messages);
    const translate = vi.spyOn(
      (translator as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator,
      "translate",
    );
    const t = translator.getFixedT("en");
    expect(t("greeting")).toBe("Welcome");
    expect(t("greeting")).toBe("Welcome");
    expect(translator.t("greeting")).toBe("Welcome");
    expect(translate).toHaveBeenCalledTimes(1);

    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(t("hello", { name: "Bo" })).toBe("Hello Bo");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 2 })).toBe("2 items");
    expect(t("missing.key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(translate).toHaveBeenCalledTimes(6);
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
