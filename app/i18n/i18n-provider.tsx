import i18next, { type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import type { Messages } from "./messages";

/*
 * i18next instances by messages object: on the server the root loader hands over the same
 * messages object for every request of a locale, so an instance is built once per locale, not
 * once per page render.
 */
const instances = new WeakMap<Messages, Map<string, i18n>>();

function instanceFor(locale: string, messages: Messages): i18n {
  const byLocale = instances.get(messages) ?? new Map<string, i18n>();
  instances.set(messages, byLocale);
  let instance = byLocale.get(locale);
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
    byLocale.set(locale, instance);
  }
  return instance;
}

/** Provides the translator of the root loader's locale and messages (server and browser alike). */
export function PortalI18n({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Messages;
  children: ReactNode;
}) {
  const instance = useMemo(() => instanceFor(locale, messages), [locale, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
