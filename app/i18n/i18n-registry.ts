import i18next, { type i18n } from "i18next";
import type { Messages } from "./messages";
import { takeEarlyTranslations } from "./early-translations";

/*
 * The React translators by translations address (one per locale and brand override). The server
 * registers its own from the message files; the browser registers the one it fetched before it
 * hydrates, and any other when the language changes.
 */
const instances = new Map<string, i18n>();

/**
 * An i18next instance over one locale's messages, as the portal configures it, without the kept
 * lookups (tests check the messages through it). Always given through I18nextProvider: no global
 * registration (initReactI18next) needed.
 */
export function plainTranslator(locale: string, messages: Messages): i18n {
  const instance = i18next.createInstance();
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

function createTranslator(locale: string, messages: Messages): i18n {
  return withLookupsKept(plainTranslator(locale, messages));
}

/** i18next's bound t, with the binding it keeps on itself. */
type BoundT = ((key: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/** Texts kept per translator at most; beyond, the store starts over (keys and values may come from data). */
export const MAX_KEPT_LOOKUPS = 5_000;

/**
 * The name a call's text is kept under, or undefined when the call goes to i18next every time. A
 * call is kept when its key is a string and every option is a string, number or boolean (values,
 * counts, a default text, a context): the text then depends on nothing else. The options a bound
 * `t` adds (react-i18next's `useTranslation` passes `lng: undefined, lngs: null`) only name the
 * language, namespace and key prefix.
 */
function keptName(key: unknown, options: unknown, language: string, defaultNS: string): string | undefined {
  if (typeof key !== "string") return undefined;
  let lng = language;
  let ns = defaultNS;
  let prefix = "";
  let values = "";
  if (options !== undefined) {
    if (typeof options !== "object" || options === null) return undefined;
    for (const [name, value] of Object.entries(options)) {
      if (value === undefined) continue;
      if (name === "lng" || name === "ns" || name === "keyPrefix" || name === "lngs") {
        if (value === null || value === "") continue;
        if (typeof value !== "string" || name === "lngs") return undefined;
        if (name === "lng") lng = value;
        else if (name === "ns") ns = value;
        else prefix = value;
      } else if (value === null) values += `\u0001${name}\u0002null`;
      else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        values += `\u0001${name}\u0002${typeof value}:${String(value)}`;
      else return undefined;
    }
  }
  return keptNameOf(lng, ns, prefix, key, values);
}

/** The name of a kept text: its language, namespace, key prefix, key and plain values. */
function keptNameOf(lng: string, ns: string, keyPrefix: string, key: string, values = ""): string {
  return `${lng}\u0000${ns}\u0000${keyPrefix}\u0000${key}${values}`;
}

/**
 * A page calls `t` a few hundred times; i18next resolves each call anew (issue #12: a tenth of the
 * home page's server time). A translator's messages never change after it is built, so the text of
 * a call whose key and options are plain data is kept; any other call goes to i18next.
 */
function withLookupsKept(instance: i18n): i18n {
  const translate = instance.t.bind(instance) as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const defaultNS = String(instance.options.defaultNS ?? "translation");
  const kept = new Map<string, string>();
  const t = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const name = rest.length === 0 ? keptName(key, options, instance.language, defaultNS) : undefined;
    if (name === undefined) return translate(key, options, ...rest);
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
  // react-i18next's `useTranslation` binds t to a language (null: the translator's) and namespace:
  // a bare key then needs neither i18next's bound wrapper nor its options object.
  const bind = instance.getFixedT.bind(instance) as unknown as (
    lng: unknown,
    ns: unknown,
    keyPrefix: unknown,
  ) => BoundT;
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const bound = bind(lng, ns, keyPrefix);
    if ((lng !== null && typeof lng !== "string") || (ns != null && typeof ns !== "string") || keyPrefix) return bound;
    const fast = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
      if (options !== undefined || rest.length > 0 || typeof key !== "string") return bound(key, options, ...rest);
      // i18next takes an empty language or namespace as none.
      const known = kept.get(
        keptNameOf((lng as string | null) || instance.language, (ns as string | null) || defaultNS, "", key),
      );
      return known !== undefined ? known : bound(key);
    };
    return Object.assign(fast, { lng: bound.lng, ns: bound.ns, keyPrefix: bound.keyPrefix });
  }) as unknown as i18n["getFixedT"];
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

let untranslated: i18n | undefined;

/** The last resort, never expected to show: keys rather than nothing. */
export function untranslatedTranslator(): i18n {
  return (untranslated ??= createTranslator("en", {} as Messages));
}

/**
 * SPEC §8 translation failure: the page's own file could not be had, so the messages the browser
 * does have stand in under its address (the page hydrates with them instead of staying inert).
 */
export function standInTranslations(href: string, translator: i18n): void {
  if (!instances.has(href)) instances.set(href, translator);
}

export function translationsAt(href: string | undefined): i18n | undefined {
  return href ? instances.get(href) : undefined;
}

/** Fetches a translations file (long-cached; the service worker keeps it) and registers it. */
export async function loadTranslations(href: string, locale: string): Promise<i18n> {
  const known = instances.get(href);
  if (known) return known;
  const response = await (takeEarlyTranslations(href) ?? fetch(href));
  if (!response.ok) throw new Error(`translations ${href}: ${response.status}`);
  return registerTranslations(href, locale, (await response.json()) as Messages);
}
