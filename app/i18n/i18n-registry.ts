import i18next, { type i18n } from "i18next";
import { createContext } from "react";
import type { Messages } from "./messages";

/*
 * The React translators by translations address (one per locale and brand override). The server
 * registers its own from the message files; the browser registers the one it fetched before it
 * hydrates, and any other when the language changes.
 */
const instances = new Map<string, i18n>();

function createTranslator(locale: string, messages: Messages): i18n {
  const instance = i18next.createInstance();
  // Always given through I18nextProvider: no global registration (initReactI18next) needed.
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return withPlainLookupsKept(instance);
}

/** Plain lookups kept per translator at most; beyond, the store starts over (keys may be built from data). */
export const MAX_KEPT_LOOKUPS = 5_000;

/** The options a bound `t` (react-i18next's `useTranslation`) adds to every call: no values, no plural. */
const BINDING_OPTIONS = new Set(["lng", "ns", "keyPrefix"]);

function isPlainLookup(options: unknown): boolean {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null) return false;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!BINDING_OPTIONS.has(name) || (name === "keyPrefix" && value)) return false;
  }
  return true;
}

/**
 * A page calls `t` a few hundred times, mostly with a bare key; i18next resolves each call anew
 * (issue #12: 7 % of the home page's server time). A translator's messages never change after it
 * is built, so a bare key's text is kept; calls with values, counts or defaults go to i18next.
 */
function withPlainLookupsKept(instance: i18n): i18n {
  const translate = instance.t.bind(instance) as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const kept = new Map<string, string>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== "string" || rest.length > 0 || !isPlainLookup(options)) return translate(key, options, ...rest);
    const { lng, ns } = (options ?? {}) as { lng?: unknown; ns?: unknown };
    // A bare `t(key)` and a bound one name the same language and namespace: one entry.
    const name = `${String(lng ?? instance.language)}\u0000${String(ns ?? instance.options.defaultNS)}\u0000${key}`;
    const known = kept.get(name);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") {
      if (kept.size >= MAX_KEPT_LOOKUPS) kept.clear();
      kept.set(name, text);
    }
    return text;
  };
  instance.t = t as unknown as i18n["t"];
  return instance;
}

export function registerTranslations(href: string, locale: string, messages: Messages): i18n {
  let instance = instances.get(href);
  if (!instance) {
    instance = createTranslator(locale, messages);
    instances.set(href, instance);
  }
  return instance;
}

/**
 * The translations file of a page without its root data (the root loader failed): on the server
 * the English file, in the browser the file the document was loaded with.
 */
export const FallbackTranslations = createContext<string | undefined>(undefined);

let untranslated: i18n | undefined;

/** The last resort, never expected to show: keys rather than nothing. */
export function untranslatedTranslator(): i18n {
  return (untranslated ??= createTranslator("en", {} as Messages));
}

export function translationsAt(href: string | undefined): i18n | undefined {
  return href ? instances.get(href) : undefined;
}

/** Fetches a translations file (long-cached; the service worker keeps it) and registers it. */
export async function loadTranslations(href: string, locale: string): Promise<i18n> {
  const known = instances.get(href);
  if (known) return known;
  const response = await fetch(href);
  if (!response.ok) throw new Error(`translations ${href}: ${response.status}`);
  return registerTranslations(href, locale, (await response.json()) as Messages);
}
