/**
 * The page's translations are fetched by a small script in the page's head (issue #38 §4): once
 * the page has loaded, together with the app's code (ADR 44), not after it; and — unlike a preload
 * link — not at all when JavaScript is off (the page has its text already).
 */

/** Where the head's script leaves its fetch for the app's entry. */
const EARLY_FETCH = "__portalTranslations";

type EarlyFetch = { href: string; response: Promise<Response> };

/**
 * The head's script: fetches `href` when the page has loaded, before the app's code runs (its
 * listener is older). A failure is the app's to report, not the console's.
 */
export function earlyTranslationsScript(href: string): string {
  // JSON in a script element: "<" escaped so no text can close the element.
  const address = JSON.stringify(href).replace(/</g, "\\u003c");
  return (
    `(function(h){function go(){var r=fetch(h);r.catch(function(){});window.${EARLY_FETCH}={href:h,response:r}}` +
    `document.readyState==="complete"?go():addEventListener("load",go,{once:true})})(${address});`
  );
}

/** The head script's fetch of `href`, once (a later load of the same file fetches again). */
export function takeEarlyTranslations(href: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = (window as unknown as Record<string, EarlyFetch | undefined>)[EARLY_FETCH];
  if (!early || early.href !== href) return undefined;
  delete (window as unknown as Record<string, unknown>)[EARLY_FETCH];
  return early.response;
}
