import { createContext, useContext, type ReactNode } from "react";
import { createTranslator, type TFunction, type Translator } from "./translator";

const untranslated = createTranslator("en", {});

const TranslatorContext = createContext<Translator>(untranslated);

/** Gives a page its translator (the root layout, with the page's translations file). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The page's `t` and its language (`i18n.language`: dates are formatted in it), in the shape
 * react-i18next gave the components before.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: translator };
}
