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
