import { createHash } from "node:crypto";
import { compressedOnce } from "~/http/content-coding.server";
import { BRAND_IDS } from "~/theme/theme";
import { registerTranslations } from "./i18n-registry";
import { currentRequestLocale } from "~/server-context/request-scope.server";
import { DEFAULT_LOCALE, LOCALES, localeOrDefault, type Locale } from "./locale";
import { messagesFor, type Messages } from "./messages";
import { PSEUDO_LOCALE, pseudoMessages } from "./pseudo-locale";
import { pseudoLocaleRequested } from "./pseudo-locale.server";

export interface TranslationAsset {
  href: string;
  body: string;
  /** The body in the coding a request takes, compressed once (the file is fetched by every browser). */
  compressed: ReturnType<typeof compressedOnce>;
}

export const TRANSLATIONS_PATH = "/locales/";

/*
 * One file per locale and brand override, named by its content's hash, so the browser and the
 * service worker keep it until it changes. Brands without an override share their locale's file.
 */
const byLocaleAndBrand = new Map<string, TranslationAsset>();
const byFileName = new Map<string, TranslationAsset>();

function addAsset(name: string, renderedAs: Locale, brandId: number, messages: Messages): void {
  const body = JSON.stringify(messages);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  const fileName = `${name}.${hash}.json`;
  const asset = byFileName.get(fileName) ?? {
    href: `${TRANSLATIONS_PATH}${fileName}`,
    body,
    compressed: compressedOnce(body),
  };
  byFileName.set(fileName, asset);
  byLocaleAndBrand.set(`${name}:${brandId}`, asset);
  // The server renders with the same messages the browser will fetch.
  registerTranslations(asset.href, renderedAs, messages);
}

for (const brandId of BRAND_IDS) {
  for (const locale of LOCALES) addAsset(locale, locale, brandId, messagesFor(locale, brandId));
  addAsset(PSEUDO_LOCALE, DEFAULT_LOCALE, brandId, pseudoMessages(messagesFor(DEFAULT_LOCALE, brandId)));
}

/** A locale's file for a brand; English is the pseudo-locale's when the request asks for it (issue #33). */
export function translationAssetOf(locale: Locale, brandId: number): TranslationAsset {
  const name = locale === DEFAULT_LOCALE && pseudoLocaleRequested() ? PSEUDO_LOCALE : locale;
  return byLocaleAndBrand.get(`${name}:${brandId}`) ?? byLocaleAndBrand.get(`${name}:${BRAND_IDS[0]}`)!;
}

/** What a page without its root data is rendered in: the language the request asks for (its cookie, Accept-Language). */
export function fallbackTranslationsHref(): string {
  const locale = currentRequestLocale();
  return translationAssetOf(localeOrDefault(locale), BRAND_IDS[0]).href;
}

export function translationAssetNamed(fileName: string | undefined): TranslationAsset | undefined {
  return fileName ? byFileName.get(fileName) : undefined;
}
