/// <reference lib="webworker" />
/**
 * The service worker (issue #6 §2, Workbox via vite-plugin-pwa injectManifest). The decisions
 * are pure functions in app/pwa/sw-rules.ts.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { StaleWhileRevalidate } from "workbox-strategies";
import {
  CACHED_AT_HEADER,
  META_CACHE,
  NETWORK_TIMEOUT_MS,
  OFFLINE_PATH,
  TRANSLATIONS_CACHE,
  cachesToDrop,
  isSavedForOffline,
  isTranslations,
  offlineOwnerOf,
  precacheFilesOnly,
  staticOfflinePage,
  userCacheName,
} from "./pwa/sw-rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const USER_KEY_URL = "/__portal/offline-key";

precacheAndRoute(precacheFilesOnly(self.__WB_MANIFEST));
cleanupOutdatedCaches();

/** The offline page is fetched without cookies, so it never holds anyone's data. */
async function saveOfflinePage(): Promise<void> {
  const response = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (!response.ok) return;
  const page = new Response(staticOfflinePage(await response.text()), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  await (await caches.open(META_CACHE)).put(OFFLINE_PATH, page);
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
  const copy = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  await (await caches.open(userCacheName(key))).put(request, copy);
}

/** Which page load was served from a saved copy, and from when (the page asks after it loads). */
const servedFromCache = new Map<string, string>();

function tellServedFromCache(event: FetchEvent, cachedAt: string) {
  const clientId = event.resultingClientId || event.clientId;
  if (!clientId) return;
  servedFromCache.set(clientId, cachedAt);
  if (!event.resultingClientId && event.clientId) {
    void self.clients.get(event.clientId).then((client) => client?.postMessage({ type: "SERVED_FROM_CACHE", cachedAt }));
  }
}

async function offlinePage(): Promise<Response> {
  return (await (await caches.open(META_CACHE)).match(OFFLINE_PATH)) ?? new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Home and its data: the network first (3 s), then this user's saved copy, then the offline page. */
async function homeHandler({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const fetchEvent = event as FetchEvent;
  const network = fetch(request).then(async (response) => {
    const owner = offlineOwnerOf(response);
    if (owner) fetchEvent.waitUntil(save(request, response.clone(), owner).catch((error: unknown) => console.error("portal sw: save failed", String(error))));
    if (request.mode === "navigate" && response.ok) fetchEvent.waitUntil(saveOfflinePage().catch(() => undefined));
    return response;
  });
  const timedOut = new Promise<"timeout">((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, "timeout"));
  try {
    const winner = await Promise.race([network, timedOut]);
    if (winner !== "timeout") return winner;
  } catch {
    // dead network: try the saved copy
  }
  const key = await readCurrentKey();
  const saved = key ? await (await caches.open(userCacheName(key))).match(request) : undefined;
  if (saved) {
    tellServedFromCache(fetchEvent, saved.headers.get(CACHED_AT_HEADER) ?? "");
    fetchEvent.waitUntil(network.catch(() => undefined));
    return saved;
  }
  try {
    return await network;
  } catch {
    return request.mode === "navigate" ? offlinePage() : Response.error();
  }
}

registerRoute(({ request, url }) => isSavedForOffline(request.method, url), homeHandler);
registerRoute(({ request, url }) => isTranslations(request.method, url), new StaleWhileRevalidate({ cacheName: TRANSLATIONS_CACHE }));

/** Any other page: the network; when it fails, the offline page. Posts are never answered from a cache. */
registerRoute(
  ({ request, url }) => request.mode === "navigate" && request.method === "GET" && !isSavedForOffline(request.method, url),
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
  if (data?.type === "WAS_SERVED_FROM_CACHE" && event.ports[0]) {
    const source = event.source as Client | null;
    event.ports[0].postMessage({ cachedAt: source ? (servedFromCache.get(source.id) ?? null) : null });
  }
});
