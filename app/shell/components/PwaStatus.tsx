import { useEffect, useState } from "react";
import { useTranslation } from "~/translate/react";
import { SAVED_AT_ATTRIBUTE } from "~/pwa/sw-rules";

type WorkboxLike = {
  addEventListener(type: string, listener: () => void): void;
  register(options?: { immediate?: boolean }): Promise<unknown>;
  messageSkipWaiting(): void;
};

/** When this page's saved copy was saved, if the service worker opened it from one ("" when unknown). */
function savedCopyTime(): string | null {
  return document.documentElement.getAttribute(SAVED_AT_ATTRIBUTE);
}

/** Runs `then` once the page has loaded and the browser is idle (at most a few seconds later); returns a cancel. */
function whenPageIdle(then: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(then, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(then, 1_000);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancel = () => window.removeEventListener("load", idle);
  }
  return () => cancel();
}

/**
 * The installable app's status (issue #6 §2), with JavaScript only: registers the service worker,
 * shows "offline — showing saved data from {time}" when a page or its data came from a saved
 * copy, and offers a reload when a new version is waiting. A post made offline waits in its
 * form (the kit's Form, issue #34).
 */
export function PwaStatus({ locale, theme }: { locale: string; theme: number }) {
  const { t } = useTranslation();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [workbox, setWorkbox] = useState<WorkboxLike | null>(null);
  const [updateReady, setUpdateReady] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
    let cancelled = false;
    setSavedAt(savedCopyTime());
    const onMessage = (event: MessageEvent<{ type?: string; cachedAt?: string }>) => {
      if (event.data?.type === "SERVED_FROM_CACHE") setSavedAt(event.data.cachedAt ?? "");
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    // After the page has loaded and the browser is idle (issue #38 §3): on a slow link the
    // worker's downloads must not compete with the page's own.
    const registerWorker = () =>
      import("workbox-window").then(({ Workbox }) => {
        if (cancelled) return;
        const wb = new Workbox("/sw.js", { scope: "/" });
        wb.addEventListener("waiting", () => setUpdateReady(true));
        wb.addEventListener("controlling", () => {
          if (sessionStorage.getItem("portal-reload-requested") === "1") {
            sessionStorage.removeItem("portal-reload-requested");
            window.location.reload();
          }
        });
        void wb.register({ immediate: true }).then((registration) => {
          // A worker already active that does not control this page was revived as it was being
          // removed (a sign-out's Clear-Site-Data, then a sign-in): it claims pages only when it
          // activates, which it will not do again, so it is asked to.
          if (!navigator.serviceWorker.controller) registration?.active?.postMessage({ type: "CLAIM_CLIENTS" });
        });
        setWorkbox(wb as unknown as WorkboxLike);
      });
    const stopWaiting = whenPageIdle(() => void registerWorker());
    return () => {
      cancelled = true;
      stopWaiting();
      navigator.serviceWorker.removeEventListener("message", onMessage);
    };
  }, []);

  useEffect(() => {
    // The offline page is kept in the language and theme the user sees.
    navigator.serviceWorker?.controller?.postMessage({ type: "PAGE_CONTEXT", locale, theme: String(theme) });
  }, [locale, theme]);

  useEffect(() => {
    // Back online: the saved copy's banner goes.
    const onOnline = () => setSavedAt(null);
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);

  const time = savedAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(savedAt))
    : "";
  return (
    <>
      {savedAt !== null && (
        <p className="pwa-banner pwa-banner--offline" role="status" data-testid="offline-banner">
          {savedAt ? t("offline.banner", { time }) : t("offline.bannerNoTime")}
        </p>
      )}
      {updateReady && workbox && (
        <div className="pwa-banner pwa-banner--update" role="status" data-testid="update-ready">
          <span>{t("offline.updateReady")}</span>{" "}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              sessionStorage.setItem("portal-reload-requested", "1");
              workbox.messageSkipWaiting();
            }}
          >
            {t("offline.reload")}
          </button>
        </div>
      )}
    </>
  );
}
