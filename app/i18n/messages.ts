import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import ko from "./locales/ko.json";
import nl from "./locales/nl.json";
import pt from "./locales/pt.json";
import zh from "./locales/zh.json";
import type { Locale } from "./locale";

export type Messages = typeof en;

/** The translation messages of each interface language. */
export const MESSAGES: Record<Locale, Messages> = { en, de, fr, es, it, nl, pt, ko, zh };

/** Brand-specific wording merged over the shared messages (brand id → partial messages). */
export const BRAND_OVERRIDES: Record<number, Partial<Record<Locale, Record<string, unknown>>>> = {};

type Tree = { [key: string]: unknown };

/** Deep merge: override wins leaf by leaf; neither input is changed. */
export function mergeMessages<T extends Tree>(base: T, override: Tree | undefined): T {
  if (!override) return base;
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] =
      value && typeof value === "object" && current && typeof current === "object"
        ? mergeMessages(current as Tree, value as Tree)
        : value;
  }
  return out as T;
}

export function messagesFor(locale: Locale, brandId?: number): Messages {
  const base = MESSAGES[locale];
  return brandId ? mergeMessages(base, BRAND_OVERRIDES[brandId]?.[locale]) : base;
}
