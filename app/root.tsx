import { data, type HeadersFunction, type LoaderFunctionArgs, type LinksFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { TranslatorProvider, useTranslation } from "~/translate/react";
import stylesheet from "../styles/app.scss?url";
import { Footer } from "~/shell/components/Footer";
import { TopBar } from "~/root/TopBar";
import { usePageTranslations } from "~/i18n/i18n-provider";
import { earlyTranslationsScript } from "~/i18n/early-translations";
import { cookieValue, DEFAULT_LOCALE } from "~/i18n/locale";
import { loadShellData } from "~/root/shell-data.server";
import { MODAL_ROOT } from "~/ui/modal-root";
import { withSearchParam } from "~/ui/search-params";
import { useNonce } from "~/shell/nonce";
import { useShell } from "~/root/use-shell";
import type { ShellData } from "~/root/shell-data.server";
import { ERROR_REFERENCE_ELEMENT_ID, useErrorReference } from "~/shell/error-reference";
import { browserIsOffline, errorContentOf } from "~/shell/error-content";
import { errorPageMeta } from "~/shell/page-title";
import { TimeZoneContext } from "~/i18n/date-format";
import { DEFAULT_TIME_ZONE } from "~/validation/time-zone";
import { faviconOf, THEME_COOKIE } from "~/theme/theme";
import { themeCookieHeader } from "~/theme/theme-cookie.server";
import { optionalUser } from "~/auth/user.server";
import { SessionTimeoutWarning } from "~/auth/SessionTimeoutWarning";
import { AccountMigrationModal, DirectoryReviewModal, SecurityReviewModal } from "~/root/required-action-modals";
import { loadEveryPartOnDemand, partOnDemand } from "~/ui/on-demand";
import { securityReviewShowsOn } from "~/security-review/rules";
import { directoryReviewShowsOn } from "~/directory/rules";
import { PwaStatus } from "~/shell/components/PwaStatus";
import { BRAND_APP, iconPath } from "~/pwa/brand-app";
import { offlineKeyCookieHeader, offlineKeyOf } from "~/auth/offline-key.server";
import { OFFLINE_KEY_COOKIE, OFFLINE_KEY_HEADER } from "~/pwa/sw-rules";
import { LOADING_OVERLAY_DELAY_MS } from "~/limits";

/** Passes the per-user offline key of the root loader on to documents and data responses (single fetch merges these). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers();
  const key = loaderHeaders.get(OFFLINE_KEY_HEADER);
  if (key) result.set(OFFLINE_KEY_HEADER, key);
  return result;
};

// Shown only while ?modal=brands is open.
const BrandSwitcher = partOnDemand("brand-switcher", () =>
  import("~/shell/components/BrandSwitcher").then((module) => module.BrandSwitcher),
);

export const meta = errorPageMeta;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [shell] = await Promise.all([loadShellData(request), loadEveryPartOnDemand()]);
  const headers = new Headers();
  // Whose data this page is, for the service worker's per-user cache (issue #6 §2).
  const user = await optionalUser(request);
  const offlineKey = user ? offlineKeyOf(user.identityId) : null;
  if (offlineKey) headers.set(OFFLINE_KEY_HEADER, offlineKey);
  // The service worker shows saved pages only to the user this cookie names (ADR 11).
  if ((cookieValue(request.headers.get("Cookie"), OFFLINE_KEY_COOKIE) || null) !== offlineKey)
    headers.append("Set-Cookie", offlineKeyCookieHeader(offlineKey));
  // Keep the resolved theme (from ?brand=, the host, or the switch to an accessible brand).
  if (cookieValue(request.headers.get("Cookie"), THEME_COOKIE) !== String(shell.theme)) {
    headers.append("Set-Cookie", themeCookieHeader(shell.theme));
  }
  return data(shell, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const shell = useShell();
  const theme = shell?.theme ?? 1;
  const locale = shell?.locale ?? DEFAULT_LOCALE;
  const translations = usePageTranslations(shell?.translations, locale);
  // Without the root's data the page is in the language its fallback translations are in.
  const lang = shell ? locale : translations.translator.language || DEFAULT_LOCALE;
  const nonce = useNonce();
  return (
    <html lang={lang} data-translations={translations.href} data-fallback-translations={shell?.englishTranslations}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={faviconOf(theme)} type="image/svg+xml" />
        <link rel="manifest" href={`/manifest/${theme}`} />
        <meta name="theme-color" content={BRAND_APP[theme].themeColor} />
        <link rel="apple-touch-icon" href={iconPath(theme, 192)} />
        {translations.href && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: earlyTranslationsScript(translations.href) }}
          />
        )}
        <Meta />
        <Links />
      </head>
      <body data-brand={theme}>
        <TranslatorProvider translator={translations.translator}>
          <TimeZoneContext.Provider value={shell?.timeZone ?? DEFAULT_TIME_ZONE}>{children}</TimeZoneContext.Provider>
        </TranslatorProvider>
        <HydrationMarker />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Marks the page interactive (JavaScript enhancements are live); tests wait for it. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * The loading overlay of SPEC §2: a bar across the top runs at once while routing or posting and
 * says "Loading" (a status screen readers announce); one that takes longer than
 * LOADING_OVERLAY_DELAY_MS also dims the page under a spinner and the message (a fast one never
 * flashes it). On an error page the bar stays in the error colour and says what went wrong.
 */
function PendingIndicator({ failure }: { failure?: string }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle";
  const state = busy ? "loading" : failure ? "failed" : "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), LOADING_OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <>
      <div
        className={state === "idle" ? "loading-bar" : `loading-bar loading-bar--${busy ? "active" : "failed"}`}
        role="status"
        aria-live="polite"
        data-state={state}
      >
        {state !== "idle" && <span className="visually-hidden">{busy ? t("app.loading") : failure}</span>}
      </div>
      {busy && slow && (
        // Seen, not announced: the bar's status already said it.
        <div className="loading-overlay" aria-hidden="true" data-testid="loading-overlay">
          <div className="loading-overlay__box">
            <span className="spinner" />
            {t("app.loading")}
          </div>
        </div>
      )}
    </>
  );
}

/** Mirrors the theme and locale to localStorage, as the spec keeps them there (the cookie stays the truth). */
function StorageMirror({ theme, locale }: { theme: number; locale: string }) {
  useEffect(() => {
    try {
      localStorage.setItem("theme", String(theme));
      localStorage.setItem("locale", locale);
    } catch {
      // Storage can be disabled in locked-down browsers; nothing depends on it.
    }
  }, [theme, locale]);
  return null;
}

export default function App() {
  const shell = useShell()!;
  return (
    <ShellFrame shell={shell}>
      <Outlet />
    </ShellFrame>
  );
}

/**
 * The shell around every page of a known user — pages, "Page not found", "Access denied" and
 * error pages alike (SPEC §2: the top bar and footer show once the user is known).
 */
function ShellFrame({ shell, children, failure }: { shell: ShellData; children: ReactNode; failure?: string }) {
  const location = useLocation();
  const { t } = useTranslation();
  const params = new URLSearchParams(location.search);
  const showBrandSwitcher = shell.user && shell.user.brands.length > 1 && params.get("modal") === "brands";
  return (
    <>
      <a href="#main" className="skip-link">
        {t("app.skipToContent")}
      </a>
      <PendingIndicator failure={failure} />
      <StorageMirror theme={shell.theme} locale={shell.locale} />
      <PwaStatus locale={shell.locale} theme={shell.theme} />
      {shell.user && (
        <TopBar
          user={shell.user}
          theme={shell.theme}
          brandName={shell.themeBrandName}
          accountSecurityUrl={shell.accountSecurityUrl}
        />
      )}
      <main id="main" tabIndex={-1}>
        {shell.user?.formRescue && (
          <p className="notice notice--warning form-rescue" role="status">
            {t("common.formRescued")}
          </p>
        )}
        {children}
      </main>
      <Footer
        locale={shell.locale}
        year={shell.year}
        companyName={shell.companyName}
        links={shell.user?.footerLinks ?? null}
      />
      <div id={MODAL_ROOT} />
      {shell.user && (
        <SessionTimeoutWarning
          idleMs={shell.user.sessionTimeout.idleMs}
          countdown={shell.user.sessionTimeout.countdown}
        />
      )}
      {shell.user?.migration && location.pathname !== "/account/migrate" && (
        <AccountMigrationModal migration={shell.user.migration} returnTo={location.pathname + location.search} />
      )}
      {shell.user?.securityReview && securityReviewShowsOn(location.pathname) && (
        <SecurityReviewModal
          review={{
            users: shell.user.securityReview,
            sort: { sortBy: "daysSinceLogin", sortType: "desc" },
            returnTo: location.pathname + location.search,
            closable: false,
          }}
          failure={shell.user.securityReviewFailure}
        />
      )}
      {shell.user?.directoryReview && directoryReviewShowsOn(location.pathname) && (
        <DirectoryReviewModal
          review={{ ...shell.user.directoryReview, returnTo: location.pathname + location.search }}
        />
      )}
      {showBrandSwitcher && shell.user && (
        <BrandSwitcher
          brands={shell.user.brands}
          current={shell.theme}
          closeTo={withSearchParam(location, "modal", null)}
          unreadByBrand={shell.user.unreadByBrand}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useShell();
  const reference = useErrorReference();
  const { t } = useTranslation();
  // Offline: a page's data could not be fetched (the page's own messages are still there).
  const { titleKey, textKey, details, serverError, ...thrown } = errorContentOf(
    error,
    browserIsOffline(Boolean(shell)),
  );
  const shownReference = reference ?? thrown.reference;
  const content = (
    <div className="page page--narrow">
      <h1>{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      {details && (
        <p>
          {t("errors.details")} <span className="error-details">{details}</span>
        </p>
      )}
      {serverError && shownReference && (
        <p className="field__help">
          {t("errors.reference")} <code id={ERROR_REFERENCE_ELEMENT_ID}>{shownReference}</code>
        </p>
      )}
      <p>
        <Link to="/" className="button" reloadDocument>
          {t(titleKey === "notFound.title" ? "notFound.home" : "errors.home")}
        </Link>
      </p>
    </div>
  );
  // With the user known, the error keeps the shell (top bar, footer); without, the bare page.
  if (shell)
    return (
      <ShellFrame shell={shell} failure={t(titleKey)}>
        {content}
      </ShellFrame>
    );
  return <main id="main">{content}</main>;
}
