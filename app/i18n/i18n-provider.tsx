import { useEffect, useReducer, useRef } from "react";
import type { Translator } from "~/translate/translator";
import { fallbackTranslations, loadTranslations, translationsAt, untranslatedTranslator } from "./i18n-registry";

/**
 * The page's translations file and its translator. The translator is registered before the first
 * render (by the server, and by the browser before it hydrates); after a change of language the
 * page keeps the previous language until the new file has arrived, then renders again (the
 * document's title too: the caller is the root layout).
 */
export function usePageTranslations(
  pageHref: string | undefined,
  locale: string,
): { href: string | undefined; translator: Translator } {
  const href = pageHref ?? fallbackTranslations();
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const shown = useRef<Translator | undefined>(undefined);
  const current = translationsAt(href);
  if (current) shown.current = current;
  useEffect(() => {
    if (href && !translationsAt(href)) loadTranslations(href, locale).then(arrived, () => undefined);
  }, [href, locale]);
  return { href, translator: shown.current ?? untranslatedTranslator() };
}
