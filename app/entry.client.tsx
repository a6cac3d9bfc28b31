import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslations, setFallbackTranslations } from "~/i18n/i18n-registry";
import { loadPartsOnThisPage } from "~/ui/on-demand";

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
setFallbackTranslations(translations);
// The parts loaded on demand that this page shows load first, so they are live with the page; one
// that cannot be had does not hold the page back (React keeps its server HTML until it loads).
if (translations)
  Promise.all([
    loadTranslations(translations, document.documentElement.lang),
    loadPartsOnThisPage(document).catch(() => undefined),
  ]).then(hydrate, () => undefined);
