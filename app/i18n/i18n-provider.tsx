import i18next, { type i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import type { Messages } from "./messages";

/** One i18next instance per locale+messages, fed from the root loader (server and browser alike). */
export function PortalI18n({ locale, messages, children }: { locale: string; messages: Messages; children: ReactNode }) {
  const instance = useMemo<i18n>(() => {
    const created = i18next.createInstance();
    void created.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: messages } },
      interpolation: { escapeValue: false },
      initImmediate: false,
      react: { useSuspense: false },
    });
    return created;
  }, [locale, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
