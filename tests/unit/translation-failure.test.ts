import { describe, expect, it } from "vitest";
import { TRANSLATION_FAILURE_LOG_PER_MINUTE, withinLogBudget } from "~/i18n/translation-failure";
import { translationFailureSchema } from "~/i18n/translation-failure-schema";

describe("SPEC §8 translation failure: the browser's report", () => {
  it("names a translations file of the portal, and a short reason", () => {
    expect(translationFailureSchema.safeParse({ href: "/locales/de.0123456789ab.json", reason: "503" }).success).toBe(
      true,
    );
    expect(translationFailureSchema.safeParse({ href: "/public/translations/3/de", reason: "" }).success).toBe(true);
    for (const href of ["https://evil.example/x.json", "/admin", "/locales/../x", "/locales/<script>", "x".repeat(300)])
      expect(translationFailureSchema.safeParse({ href, reason: "x" }).success, href).toBe(false);
    expect(translationFailureSchema.safeParse({ href: "/locales/de.json", reason: "r".repeat(201) }).success).toBe(
      false,
    );
  });

  it("is logged within a budget per minute; the next minute starts over", () => {
    let window = { startedAt: 0, written: 0 };
    const allowed: boolean[] = [];
    for (let i = 0; i < TRANSLATION_FAILURE_LOG_PER_MINUTE + 5; i++) {
      const next = withinLogBudget(window, 1_000 + i);
      allowed.push(next.allowed);
      window = next.window;
    }
    expect(allowed.filter(Boolean)).toHaveLength(TRANSLATION_FAILURE_LOG_PER_MINUTE);
    expect(allowed.slice(-5)).toEqual([false, false, false, false, false]);
    expect(withinLogBudget(window, 1_000 + 60_000).allowed).toBe(true);
  });
});
