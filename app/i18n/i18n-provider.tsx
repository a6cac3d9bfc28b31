import { useEffect, useReducer, useRef } from "react";
import type { i18n } from "i18next";
import { loadTranslations, translationsAt } from "./i18n-registry";

/**
 * The translator of the page's translations file. It is registered before the first render (by
 * the server, and by the browser before it hydrates); after a change of language the page keeps
 * the previous language until the new file has arrived, then renders again (the document's
 * title too: the caller is the root layout).
 */
export function usePageTranslator(href: string | undefined, locale: string, fallback: i18n): i18n {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const shown = useRef<i18n>(fallback);
  const current = translationsAt(href);
  if (current) shown.current = current;
  useEffect(() => {
    if (href && !translationsAt(href)) loadTranslations(href, locale).then(arrived, () => undefined);
  }, [href, locale]);
  return shown.current;
}
