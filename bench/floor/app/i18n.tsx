import i18next, { type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";

/** A few messages in two languages: enough for i18next to do real lookups on every render. */
export const MESSAGES = {
  en: {
    heading: "Floor page",
    intro: "The smallest Remix page with the portal's libraries.",
    email: "Email",
    message: "Message",
    send: "Send",
    sent: "Thank you, {{email}}.",
  },
  de: {
    heading: "Bodenseite",
    intro: "Die kleinste Remix-Seite mit den Bibliotheken des Portals.",
    email: "E-Mail",
    message: "Nachricht",
    send: "Senden",
    sent: "Danke, {{email}}.",
  },
} as const;

export type Locale = keyof typeof MESSAGES;
export type Messages = (typeof MESSAGES)[Locale];

/** The first supported language of an Accept-Language header (quality ignored: a floor, not a product). */
export function localeOf(acceptLanguage: string | null): Locale {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if (tag === "en" || tag === "de") return tag;
  }
  return "en";
}

// One instance per locale, built on first use, as the portal does (building one per render is costly).
const instances = new Map<string, i18n>();

function instanceFor(locale: string, messages: Messages): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: messages } },
      interpolation: { escapeValue: false },
      initImmediate: false,
      react: { useSuspense: false },
    });
    instances.set(locale, instance);
  }
  return instance;
}

/** Provides the translator of the root loader's locale and messages (server and browser alike). */
export function FloorI18n({ locale, messages, children }: { locale: string; messages: Messages; children: ReactNode }) {
  const instance = useMemo(() => instanceFor(locale, messages), [locale, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
