/// <reference lib="webworker" />
/**
 * The service worker (issue #6 §2, Workbox via vite-plugin-pwa injectManifest). The decisions
 * are pure functions in app/pwa/sw-rules.ts.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import {
  CACHED_AT_HEADER,
  ASSETS_CACHE,
  ASSETS_CACHE_MAX_ENTRIES,
  META_CACHE,
  NETWORK_TIMEOUT_MS,
  OFFLINE_PATH,
  TRANSLATIONS_CACHE,
  cachesToDrop,
  isBuildAsset,
  isSavedForOffline,
  isTranslations,
  markedAsSavedCopy,
  maySeeSavedCopy,
  OFFLINE_KEY_COOKIE,
  offlineOwnerOf,
  offlinePageInShell,
  offlinePageWithQueue,
  precacheFilesOnly,
  staticOfflinePage,
  userCacheName,
} from "./pwa/sw-rules";
import { queuedPostsOf } from "./forms/offline-queue-store";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const USER_KEY_URL = "/__portal/offline-key";

precacheAndRoute(precacheFilesOnly(self.__WB_MANIFEST));
cleanupOutdatedCaches();

/** The language and theme of the page the user last saw, so the offline page speaks and looks like it. */
type PageContext = { locale: string; theme: string };
const CONTEXT_URL = "/__portal/page-context";
let pageContext: PageContext | null | undefined;

async function readPageContext(): Promise<PageContext | null> {
  if (pageContext !== undefined) return pageContext;
  const saved = await (await caches.open(META_CACHE)).match(CONTEXT_URL);
  pageContext = saved ? ((await saved.json()) as PageContext) : null;
  return pageContext;
}

/**
 * The offline page is fetched without cookies, so it never holds anyone's data; in the user's
 * language and brand theme as the page last told (Accept-Language and ?brand=).
 */
let offlineSaves = 0;

async function saveOfflinePage(): Promise<void> {
  // The last save started wins: an older one (say, the install's, before the page told its
  // language) that finishes later must not put back an offline page in the wrong language.
  const save = ++offlineSaves;
  const context = await readPageContext();
  const url = context ? `${OFFLINE_PATH}?brand=${encodeURIComponent(context.theme)}` : OFFLINE_PATH;
  const response = await fetch(url, {
    credentials: "omit",
    headers: context ? { "Accept-Language": context.locale } : {},
  });
  if (!response.ok) return;
  const page = new Response(staticOfflinePage(await response.text()), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
  const cache = await caches.open(META_CACHE);
  if (save !== offlineSaves) return;
  await cache.put(OFFLINE_PATH, page);
}

async function rememberPageContext(next: PageContext): Promise<void> {
  const current = await readPageContext();
  if (current && current.locale === next.locale && current.theme === next.theme) return;
  pageContext = next;
  await (
    await caches.open(META_CACHE)
  ).put(CONTEXT_URL, new Response(JSON.stringify(next), { headers: { "Content-Type": "application/json" } }));
  await saveOfflinePage();
}

self.addEventListener("install", (event) => {
  event.waitUntil(saveOfflinePage());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

let currentKey: string | null | undefined;

async function readCurrentKey(): Promise<string | null> {
  if (currentKey !== undefined) return currentKey;
  const saved = await (await caches.open(META_CACHE)).match(USER_KEY_URL);
  currentKey = saved ? await saved.text() : null;
  return currentKey;
}

/** A page of another user arrived: the previous user's saved pages go. */
async function switchUser(key: string): Promise<void> {
  currentKey = key;
  await (await caches.open(META_CACHE)).put(USER_KEY_URL, new Response(key));
  for (const name of cachesToDrop(await caches.keys(), key)) await caches.delete(name);
}

async function save(request: Request, response: Response, key: string): Promise<void> {
  if ((await readCurrentKey()) !== key) await switchUser(key);
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, new Date().toISOString());
  const copy = new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  await (await caches.open(userCacheName(key))).put(request, copy);
}

type CookieStoreLike = { get(name: string): Promise<{ value: string } | null> };

/** The offline key of the user signed in on this browser now, from its cookie; undefined when it cannot be known. */
async function signedInKey(): Promise<string | null | undefined> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  if (!store) return undefined;
  try {
    return (await store.get(OFFLINE_KEY_COOKIE))?.value || null;
  } catch {
    return undefined;
  }
}

/**
 * A saved copy, as this request is answered with it: a page is marked in its own document (the page
 * reads it as it starts); a client's data request is told to its page, which is already running.
 */
async function answeredFromSavedCopy(event: FetchEvent, request: Request, saved: Response): Promise<Response> {
  const cachedAt = saved.headers.get(CACHED_AT_HEADER) ?? "";
  if (request.mode !== "navigate") {
    if (event.clientId)
      void self.clients
        .get(event.clientId)
        .then((client) => client?.postMessage({ type: "SERVED_FROM_CACHE", cachedAt }));
    return saved;
  }
  const headers = new Headers(saved.headers);
  headers.delete("Content-Length");
  return new Response(markedAsSavedCopy(await saved.text(), cachedAt), {
    status: saved.status,
    statusText: saved.statusText,
    headers,
  });
}

/** This user's saved copy of a page, only while the browser is signed in as the user who saved it. */
async function savedCopyOf(request: RequestInfo, options?: CacheQueryOptions): Promise<Response | undefined> {
  const key = await readCurrentKey();
  if (!maySeeSavedCopy(await signedInKey(), key)) return undefined;
  return (await caches.open(userCacheName(key!))).match(request, options);
}

/** The offline page; for the user signed in on this browser, inside their own saved shell (top bar, footer). */
async function offlinePage(): Promise<Response> {
  const page = await (await caches.open(META_CACHE)).match(OFFLINE_PATH);
  if (!page) return new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const home = await savedCopyOf("/", { ignoreVary: true });
  const offline = await page.text();
  const inShell = (home ? offlinePageInShell(await home.text(), offline) : null) ?? offline;
  return new Response(offlinePageWithQueue(inShell, await waitingPostNames()), {
    status: page.status,
    headers: page.headers,
  });
}

/** The names of the signed-in user's posts waiting in the offline queue (issue #34 §2). */
async function waitingPostNames(): Promise<string[]> {
  const owner = await signedInKey();
  if (!owner) return [];
  try {
    return (await queuedPostsOf(owner)).map((post) => post.label);
  } catch {
    return [];
  }
}

/** Home and its data: the network first (3 s), then this user's saved copy, then the offline page. */
async function homeHandler({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const fetchEvent = event as FetchEvent;
  const network = fetch(request).then(async (response) => {
    const owner = offlineOwnerOf(response);
    if (owner)
      fetchEvent.waitUntil(
        save(request, response.clone(), owner).catch((error: unknown) =>
          console.error("portal sw: save failed", String(error)),
        ),
      );
    if (request.mode === "navigate" && response.ok) fetchEvent.waitUntil(saveOfflinePage().catch(() => undefined));
    return response;
  });
  const timedOut = new Promise<"timeout">((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, "timeout"));
  let serverError: Response | null = null;
  try {
    const winner = await Promise.race([network, timedOut]);
    if (winner !== "timeout" && winner.status < 500) return winner;
    // A server or proxy failure (502, 503…) is no better than no network: the saved copy, if any.
    if (winner !== "timeout") serverError = winner;
  } catch {
    // dead network: try the saved copy
  }
  const saved = await savedCopyOf(request);
  if (saved) {
    fetchEvent.waitUntil(network.catch(() => undefined));
    return answeredFromSavedCopy(fetchEvent, request, saved);
  }
  if (serverError) return serverError;
  try {
    return await network;
  } catch {
    return request.mode === "navigate" ? offlinePage() : Response.error();
  }
}

registerRoute(({ request, url }) => isSavedForOffline(request.method, url), homeHandler);
registerRoute(
  ({ request, url }) => isTranslations(request.method, url),
  new StaleWhileRevalidate({ cacheName: TRANSLATIONS_CACHE }),
);

// The precache holds the shell only (issue #38 §3); any other page's code is kept as it is used.
// Its name carries its content's hash, so a kept copy is never stale.
registerRoute(
  ({ request, url }) => isBuildAsset(request.method, url, self.location.origin),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: ASSETS_CACHE_MAX_ENTRIES, purgeOnQuotaError: true })],
  }),
);

/** Any other page: the network; when it fails, the offline page. Posts are never answered from a cache. */
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && request.method === "GET" && !isSavedForOffline(request.method, url),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return offlinePage();
    }
  },
);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | undefined;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === "CLAIM_CLIENTS") event.waitUntil(self.clients.claim());
  if (data?.type === "PAGE_CONTEXT") {
    const { locale, theme } = data as { locale?: unknown; theme?: unknown };
    if (typeof locale === "string" && /^[a-z]{2}$/.test(locale) && typeof theme === "string" && /^[1-5]$/.test(theme))
      event.waitUntil(rememberPageContext({ locale, theme }));
  }
});
