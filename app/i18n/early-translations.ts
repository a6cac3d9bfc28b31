/**
 * The page's translations are fetched by a small script in the page's head (issue #38 §4): as
 * early as a preload, in parallel with the app's code, and — unlike a preload link — not at all
 * when JavaScript is off (the page has its text already; the file would only compete with it).
 */

/** Where the head's script leaves its fetch for the app's entry. */
const EARLY_FETCH = "__portalTranslations";

type EarlyFetch = { href: string; response: Promise<Response> };

/** The head's script: starts fetching `href` (its failure is the app's to report, not the console's). */
export function earlyTranslationsScript(href: string): string {
  // JSON in a script element: "<" escaped so no text can close the element.
  const address = JSON.stringify(href).replace(/</g, "\\u003c");
  return `(function(h){var r=fetch(h);r.catch(function(){});window.${EARLY_FETCH}={href:h,response:r}})(${address});`;
}

/** The head script's fetch of `href`, once (a later load of the same file fetches again). */
export function takeEarlyTranslations(href: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = (window as unknown as Record<string, EarlyFetch | undefined>)[EARLY_FETCH];
  if (!early || early.href !== href) return undefined;
  delete (window as unknown as Record<string, unknown>)[EARLY_FETCH];
  return early.response;
}
