import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { FallbackTranslations, loadTranslations } from "~/i18n/i18n-registry";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <FallbackTranslations.Provider value={translations}>
          <RemixBrowser />
        </FallbackTranslations.Provider>
      </StrictMode>,
    );
  });
}

// The page's translations come as a long-cached file, not with the page (issue #12). When it
// cannot be had, the page stays as the server rendered it, fully usable without JavaScript.
const { translations } = document.documentElement.dataset;
if (translations) loadTranslations(translations, document.documentElement.lang).then(hydrate, () => undefined);
