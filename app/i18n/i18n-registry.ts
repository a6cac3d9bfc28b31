import { createTranslator, type Translator } from "~/translate/translator";
import type { Messages } from "./messages";
import { takeEarlyTranslations } from "./early-translations";

/*
 * The React translators by translations address (one per locale and brand override). The server
 * registers its own from the message files; the browser registers the one it fetched before it
 * hydrates, and any other when the language changes.
 */
const instances = new Map<string, Translator>();

export function registerTranslations(href: string, locale: string, messages: Messages): Translator {
  let instance = instances.get(href);
  if (!instance) {
    instance = createTranslator(locale, messages);
    instances.set(href, instance);
  }
  return instance;
}

/**
 * The translations file of a page without its root data (the root loader failed): on the server
 * the file of the request's language (its cookie or Accept-Language), in the browser the file the
 * document was loaded with. Set once by the entry.
 */
let fallbackHref: string | undefined | (() => string | undefined);

export function setFallbackTranslations(href: string | undefined | (() => string | undefined)): void {
  fallbackHref = href;
}

export function fallbackTranslations(): string | undefined {
  return typeof fallbackHref === "function" ? fallbackHref() : fallbackHref;
}

let untranslated: Translator | undefined;

/** The last resort, never expected to show: keys rather than nothing. */
export function untranslatedTranslator(): Translator {
  return (untranslated ??= createTranslator("en", {}));
}

/**
 * SPEC §8 translation failure: the page's own file could not be had, so the messages the browser
 * does have stand in under its address (the page hydrates with them instead of staying inert).
 */
export function standInTranslations(href: string, translator: Translator): void {
  if (!instances.has(href)) instances.set(href, translator);
}

export function translationsAt(href: string | undefined): Translator | undefined {
  return href ? instances.get(href) : undefined;
}

/** Fetches a translations file (long-cached; the service worker keeps it) and registers it. */
export async function loadTranslations(href: string, locale: string): Promise<Translator> {
  const known = instances.get(href);
  if (known) return known;
  const response = await (takeEarlyTranslations(href) ?? fetch(href));
  if (!response.ok) throw new Error(`translations ${href}: ${response.status}`);
  return registerTranslations(href, locale, (await response.json()) as Messages);
}
