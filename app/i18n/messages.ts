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
import brandOverrides from "./brand-overrides.json";

/** The plural forms a language may lack: every language has `_other` (Korean and Chinese only that). */
type LanguagePluralForm = "zero" | "one" | "two" | "few" | "many";

/** A message tree without the plural forms that differ by language (issue #33). */
type CommonMessages<T> = {
  [K in keyof T as K extends `${string}_${LanguagePluralForm}` ? never : K]: T[K] extends string
    ? T[K]
    : CommonMessages<T[K]>;
};

/** The messages every language has: the English file's, a counted text by its `_other` form. */
export type Messages = CommonMessages<typeof en>;

/** The translation messages of each interface language. */
export const MESSAGES: Record<Locale, Messages> = { en, de, fr, es, it, nl, pt, ko, zh };

/**
 * Brand-specific texts merged over the shared messages (brand id → "*" for every language, or a
 * locale → partial messages): the brand's name and company (page title, copyright line). The
 * shared files hold the first brand's.
 */
export const BRAND_OVERRIDES: Record<string, Partial<Record<Locale | "*", Record<string, unknown>>>> = brandOverrides;

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

const merged = new Map<string, Messages>();

/** A language's messages with a brand's overrides (merged once per language and brand). */
export function messagesFor(locale: Locale, brandId?: number): Messages {
  const base = MESSAGES[locale];
  const overrides = brandId ? BRAND_OVERRIDES[String(brandId)] : undefined;
  if (!overrides) return base;
  const key = `${locale}:${brandId}`;
  let messages = merged.get(key);
  if (!messages) {
    messages = mergeMessages(mergeMessages(base, overrides["*"]), overrides[locale]);
    merged.set(key, messages);
  }
  return messages;
}
