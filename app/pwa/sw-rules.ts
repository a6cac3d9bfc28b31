/**
 * What the service worker decides (issue #6 §2), as pure functions so they are tested without a
 * browser. The worker itself is app/sw.ts.
 */
// Relative, as the service worker's own imports are (app/sw.ts is built apart from the app).
import { escapeHtml } from "../security/html-escape";

/** How long home waits for the network before it opens from the saved copy. */
export const NETWORK_TIMEOUT_MS = 3_000;
export const USER_CACHE_PREFIX = "portal-user-";
export const META_CACHE = "portal-meta";
export const TRANSLATIONS_CACHE = "portal-translations";
/** The build's hashed files used beyond the precached shell (issue #38 §3). */
export const ASSETS_CACHE = "portal-assets";
/** Enough for every page's code of one deployment and the next; the least recently used go first. */
export const ASSETS_CACHE_MAX_ENTRIES = 400;
export const OFFLINE_PATH = "/offline";
/** The response header naming whose data a page is (an opaque per-user key; absent when signed out). */
export const OFFLINE_KEY_HEADER = "X-Portal-Offline-Key";
/** Added to saved copies: when they were saved. */
export const CACHED_AT_HEADER = "X-Portal-Cached-At";
/** The root element's attribute of a page opened from its saved copy: when it was saved (empty when unknown). */
export const SAVED_AT_ATTRIBUTE = "data-saved-at";

/**
 * A saved page as the service worker opens it: its root element says it is the saved copy, and from
 * when, so the page knows it from its own document (no question to the worker that could go
 * unanswered). The attribute is not React's: hydration leaves it alone.
 */
export function markedAsSavedCopy(html: string, cachedAt: string): string {
  return html.replace(/<html\b/i, `<html ${SAVED_AT_ATTRIBUTE}="${escapeHtml(cachedAt)}"`);
}

/**
 * Home (the launcher and the announcements feed) and its loader data: saved per user and opened
 * from the saved copy when the network is dead or slow. Remix's single fetch asks `/_root.data`
 * for the index route's data.
 */
export function isSavedForOffline(method: string, url: URL): boolean {
  return method === "GET" && (url.pathname === "/" || url.pathname === "/_root.data");
}

/** The spec's translations endpoint and the pages' hashed translations files. */
export function isTranslations(method: string, url: URL): boolean {
  return method === "GET" && (url.pathname.startsWith("/public/translations/") || url.pathname.startsWith("/locales/"));
}

/** A hashed file of the client build, on this origin: kept as it is used, once, for good. */
export function isBuildAsset(method: string, url: URL, origin: string): boolean {
  return (
    method === "GET" && url.origin === origin && /^\/assets\/[\w.-]+\.(?:js|css|svg|png|woff2?)$/.test(url.pathname)
  );
}

/** The cache holding one user's saved pages; another user's never shares it. */
export function userCacheName(offlineKey: string): string {
  return `${USER_CACHE_PREFIX}${offlineKey}`;
}

/** When the signed-in user changed: every other user's cache is to be deleted. */
export function cachesToDrop(cacheNames: readonly string[], currentKey: string | null): string[] {
  return cacheNames.filter(
    (name) => name.startsWith(USER_CACHE_PREFIX) && (currentKey === null || name !== userCacheName(currentKey)),
  );
}

/** Whether a response from the server may be saved for offline use, and for whom. */
export function offlineOwnerOf(response: {
  ok: boolean;
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}): string | null {
  if (!response.ok || response.status !== 200 || response.type === "opaqueredirect") return null;
  const key = response.headers.get(OFFLINE_KEY_HEADER);
  return key && /^[0-9a-f]{16,64}$/.test(key) ? key : null;
}

type PrecacheEntry = string | { url: string; revision: string | null };

/**
 * The build's precache list without pages: @vite-pwa/remix adds the index route ("/") for an
 * app shell, but here "/" is a signed-in user's page — it must be saved per user (above), never
 * in the shared precache at install time. Only files of the client build stay.
 */
export function precacheFilesOnly<T extends PrecacheEntry>(entries: readonly T[]): T[] {
  return entries.filter((entry) =>
    /\.(?:js|css|svg|png|jpg|woff2?)$/.test(typeof entry === "string" ? entry : entry.url),
  );
}

/**
 * The offline page as a static document: its scripts removed. It stands in for whatever address
 * was asked, so the app must not start on it (it would try to load that address's code).
 */
export function staticOfflinePage(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/**
 * The offline page inside the signed-in user's own shell (issue #11 §4: the top bar and footer
 * show once the user is known): the user's saved home page with its main content replaced by the
 * offline page's, and its title. Null when either page lacks its main element.
 */
export function offlinePageInShell(savedHomeHtml: string, offlineHtml: string): string | null {
  const mainOf = (html: string) => {
    const start = html.search(/<main\b/i);
    const end = html.search(/<\/main>/i);
    return start >= 0 && end > start ? { start, end: end + "</main>".length } : null;
  };
  const home = mainOf(savedHomeHtml);
  const offline = mainOf(offlineHtml);
  if (!home || !offline) return null;
  const title = /<title>[\s\S]*?<\/title>/i.exec(offlineHtml)?.[0];
  const page =
    savedHomeHtml.slice(0, home.start) + offlineHtml.slice(offline.start, offline.end) + savedHomeHtml.slice(home.end);
  return staticOfflinePage(title ? page.replace(/<title>[\s\S]*?<\/title>/i, title) : page);
}

/**
 * The cookie naming whose saved pages this browser may show (the signed-in user's offline key).
 * Not httpOnly on purpose: the service worker reads it (cookieStore). It holds no secret — only the
 * name of a cache on this device — and goes with the session (same lifetime, removed at sign-out).
 */
export const OFFLINE_KEY_COOKIE = "portal_offline";

/**
 * Whether a saved copy may be shown: only to the user who is signed in on this browser now. An
 * unknown signed-in user (no cookie, or a browser without cookieStore in workers) sees no saved page.
 */
export function maySeeSavedCopy(signedInKey: string | null | undefined, savedKey: string | null): boolean {
  return typeof signedInKey === "string" && signedInKey.length > 0 && signedInKey === savedKey;
}

/**
 * The offline page with the user's waiting posts (issue #34 §2): the page's waiting-changes parts,
 * rendered hidden, shown with the count and each post's name. Unchanged when nothing waits.
 */
export function offlinePageWithQueue(html: string, labels: readonly string[]): string {
  if (labels.length === 0) return html;
  const items = labels.map((label) => `<li>${escapeHtml(label)}</li>`).join("");
  return html
    .replace(/(<[a-z]+\b[^>]*\bdata-queued-changes(?:="")?[^>]*?)\shidden(?:="")?/g, "$1")
    .replace(/(<span\b[^>]*\bdata-queued-count(?:="")?[^>]*>)[^<]*(<\/span>)/g, `$1${labels.length}$2`)
    .replace(/(<ul\b[^>]*\bdata-queued-list(?:="")?[^>]*>)(<\/ul>)/g, `$1${items}$2`);
}

/** The client build's route manifest, as much of it as the shell's precache list needs. */
export interface RouteManifestShape {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; index?: boolean; module: string; imports?: string[]; css?: string[] }
  >;
}

/** The route manifest written into the client build (`window.__remixManifest={…};`). */
export function routeManifestOf(script: string): RouteManifestShape {
  const json = script.slice(script.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as RouteManifestShape;
}

/**
 * The files the service worker precaches (issue #38 §3): only the shell the offline launcher and
 * announcements need — the entry, the root and home routes' code and styles — and the brands'
 * icons. Everything else is cached as it is used. Paths as the precache list has them (no "/").
 */
export function shellFilesOf(manifest: RouteManifestShape): Set<string> {
  const home = Object.values(manifest.routes).find((route) => route.index && route.parentId === "root");
  const parts = [manifest.entry, manifest.routes.root, home].filter((part) => part !== undefined);
  const files = parts.flatMap((part) => [
    ...("module" in part ? [part.module] : []),
    ...(part.imports ?? []),
    ...(part.css ?? []),
  ]);
  return new Set(files.map((file) => file.replace(/^\//, "")));
}

/** Whether a precache entry belongs to the shell: one of its files, the stylesheet, or a brand's icon. */
export function isShellFile(url: string, shell: ReadonlySet<string>): boolean {
  return shell.has(url) || /^assets\/[\w-]+\.css$/.test(url) || /^(?:icons|brands)\/[\w./-]+\.(?:png|svg)$/.test(url);
}
