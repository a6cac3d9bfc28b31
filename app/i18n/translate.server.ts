import i18next, { type TFunction } from "i18next";
import { LOCALES, type Locale } from "./locale";
import { MESSAGES } from "./messages";

const instance = i18next.createInstance();
void instance.init({
  initImmediate: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: MESSAGES[l] }])),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
});

/** A translator for one locale, for server-rendered texts outside React (titles, IdP pages). */
export function translatorFor(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}
