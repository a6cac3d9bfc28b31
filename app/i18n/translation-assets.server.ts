import { createHash } from "node:crypto";
import { BRAND_IDS } from "~/theme/theme";
import { registerTranslations } from "./i18n-registry";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale";
import { messagesFor } from "./messages";

export interface TranslationAsset {
  href: string;
  body: string;
}

export const TRANSLATIONS_PATH = "/locales/";

/*
 * One file per locale and brand override, named by its content's hash, so the browser and the
 * service worker keep it until it changes. Brands without an override share their locale's file.
 */
const byLocaleAndBrand = new Map<string, TranslationAsset>();
const byFileName = new Map<string, TranslationAsset>();

for (const locale of LOCALES) {
  for (const brandId of BRAND_IDS) {
    const messages = messagesFor(locale, brandId);
    const body = JSON.stringify(messages);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    const fileName = `${locale}.${hash}.json`;
    const asset = byFileName.get(fileName) ?? { href: `${TRANSLATIONS_PATH}${fileName}`, body };
    byFileName.set(fileName, asset);
    byLocaleAndBrand.set(`${locale}:${brandId}`, asset);
    // The server renders with the same messages the browser will fetch.
    registerTranslations(asset.href, locale, messages);
  }
}

export function translationAssetOf(locale: Locale, brandId: number): TranslationAsset {
  return byLocaleAndBrand.get(`${locale}:${brandId}`) ?? byLocaleAndBrand.get(`${locale}:${BRAND_IDS[0]}`)!;
}

/** What a page without its root data is rendered in. */
export const FALLBACK_TRANSLATIONS_HREF = translationAssetOf(DEFAULT_LOCALE, BRAND_IDS[0]).href;

export function translationAssetNamed(fileName: string | undefined): TranslationAsset | undefined {
  return fileName ? byFileName.get(fileName) : undefined;
}
