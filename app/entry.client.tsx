import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslations, setFallbackTranslations, standInTranslations } from "~/i18n/i18n-registry";
import { TRANSLATION_FAILURE_PATH } from "~/i18n/translation-failure";
import { loadPartsOnThisPage } from "~/ui/on-demand";
import { cookieValue } from "~/i18n/locale";
import { BROWSER_TIME_ZONE_COOKIE, isTimeZone } from "~/validation/time-zone";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The page's translations come as a long-cached file, not with the page (issue #12). When it
// cannot be had, the English file stands in (SPEC §8); when neither can, the page stays as the
// server rendered it, fully usable without JavaScript.
const { translations, fallbackTranslations } = document.documentElement.dataset;
reportTimeZone();
setFallbackTranslations(translations);
// The parts loaded on demand that this page shows load first, so they are live with the page; one
// that cannot be had does not hold the page back (React keeps its server HTML until it loads).
if (translations)
  Promise.all([
    pageTranslations(translations, document.documentElement.lang, fallbackTranslations),
    loadPartsOnThisPage(document).catch(() => undefined),
  ]).then(hydrate, () => undefined);

/** The page's translations or, warned about and reported to the server, the English ones in their place. */
async function pageTranslations(href: string, locale: string, englishHref: string | undefined) {
  try {
    return await loadTranslations(href, locale);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`The translations ${href} could not be fetched (${reason}); the page goes on with English.`);
    navigator.sendBeacon?.(TRANSLATION_FAILURE_PATH, new URLSearchParams({ href, reason: reason.slice(0, 200) }));
    if (!englishHref || englishHref === href) throw error;
    const english = await loadTranslations(englishHref, "en");
    standInTranslations(href, english);
    return english;
  }
}

/**
 * Tells the server the browser's time zone (issue #33): a user who chose none sees their times in
 * it from the next page on. Only the zone's name; written again when it changes (travel).
 */
function reportTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isTimeZone(zone) || cookieValue(document.cookie, BROWSER_TIME_ZONE_COOKIE) === zone) return;
  document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
