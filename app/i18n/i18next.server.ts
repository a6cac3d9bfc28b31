import type { Cookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { createTranslator, type TFunction, type Translator } from "~/translate/translator";
import { getConfig } from "~/config.server";
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  cookieValue,
  isLocale,
  localeOrDefault,
  localeFromAcceptLanguage,
  type Locale,
} from "./locale";
import { MESSAGES } from "./messages";
import { PSEUDO_LOCALE, pseudoMessages } from "./pseudo-locale";
import { pseudoLocaleRequested } from "./pseudo-locale.server";

/**
 * The locale cookie keeps its plain value (`locale=de`): the identity provider's pages and the
 * server's early refusals read it outside Remix (ADR 13). This gives it the Cookie shape that
 * remix-i18next parses.
 */
export const localeCookie: Cookie = {
  name: LOCALE_COOKIE,
  isSigned: false,
  expires: undefined,
  async parse(cookieHeader) {
    return cookieValue(cookieHeader, LOCALE_COOKIE) ?? null;
  },
  async serialize(value) {
    const secure = getConfig().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
    return `${LOCALE_COOKIE}=${encodeURIComponent(String(value))}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
  },
};

/**
 * Locale detection and translation for Remix: the cookie, then Accept-Language (the first
 * supported language by quality, not only the first one named), then en.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    findLocale: async (request) => localeFromAcceptLanguage(request.headers.get("Accept-Language")) ?? null,
  },
});

export async function localeOf(request: Request): Promise<Locale> {
  // The pseudo-locale is English in its own texts (issue #33): dates, numbers and data stay English.
  if (pseudoLocaleRequested()) return DEFAULT_LOCALE;
  const locale = await i18nServer.getLocale(request);
  return localeOrDefault(locale);
}

/** The language an API request asks for with `?language=`, else the request's own. */
export async function requestedLocale(request: Request): Promise<Locale> {
  const language = new URL(request.url).searchParams.get("language");
  return language && isLocale(language) ? language : localeOf(request);
}

/* One translator per language, English behind each for a key it lacks. */
const translators = new Map<string, Translator>();

function translatorOf(language: string): Translator {
  let translator = translators.get(language);
  if (!translator) {
    const messages = language === PSEUDO_LOCALE ? pseudoMessages(MESSAGES.en) : MESSAGES[language as Locale];
    translator = createTranslator(
      language,
      messages,
      language === DEFAULT_LOCALE ? [] : [{ language: DEFAULT_LOCALE, messages: MESSAGES.en }],
    );
    translators.set(language, translator);
  }
  return translator;
}

/**
 * A translator for one locale, synchronous, for texts made outside a loader's request: services
 * that take a locale, the identity provider's pages, the server's early refusals.
 */
export function translatorFor(locale: Locale): TFunction {
  return translatorOf(locale === DEFAULT_LOCALE && pseudoLocaleRequested() ? PSEUDO_LOCALE : locale).t;
}

/** The translator of a request's language (its cookie, then Accept-Language). */
export async function requestTranslator(request: Request): Promise<TFunction> {
  return translatorFor(await localeOf(request));
}
