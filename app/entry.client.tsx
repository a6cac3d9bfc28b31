import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslations } from "~/i18n/i18n-registry";

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

// The page's translations come as a long-cached file, not with the page (issue #12); without
// them the page stays as the server rendered it, fully usable without JavaScript.
const { translations, lang } = {
  translations: document.documentElement.dataset.translations,
  lang: document.documentElement.lang,
};
if (translations) loadTranslations(translations, lang).then(hydrate, () => undefined);
else hydrate();
