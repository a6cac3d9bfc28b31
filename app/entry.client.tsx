import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslations, setFallbackTranslations } from "~/i18n/i18n-registry";
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
// cannot be had, the page stays as the server rendered it, fully usable without JavaScript.
const { translations } = document.documentElement.dataset;
reportTimeZone();
setFallbackTranslations(translations);
// The parts loaded on demand that this page shows load first, so they are live with the page; one
// that cannot be had does not hold the page back (React keeps its server HTML until it loads).
if (translations)
  Promise.all([
    loadTranslations(translations, document.documentElement.lang),
    loadPartsOnThisPage(document).catch(() => undefined),
  ]).then(hydrate, () => undefined);

/**
 * Tells the server the browser's time zone (issue #33): a user who chose none sees their times in
 * it from the next page on. Only the zone's name; written again when it changes (travel).
 */
function reportTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isTimeZone(zone) || cookieValue(document.cookie, BROWSER_TIME_ZONE_COOKIE) === zone) return;
  document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
