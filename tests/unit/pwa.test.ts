import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BRAND_APP, iconPath, manifestOf } from "~/pwa/brand-app";
import { offlineKeyOf } from "~/auth/offline-key.server";
import {
  cachesToDrop,
  isBuildAsset,
  isShellFile,
  markedAsSavedCopy,
  maySeeSavedCopy,
  SAVED_AT_ATTRIBUTE,
  routeManifestOf,
  shellFilesOf,
  isSavedForOffline,
  isTranslations,
  offlineOwnerOf,
  precacheFilesOnly,
  offlinePageInShell,
  staticOfflinePage,
  userCacheName,
} from "~/pwa/sw-rules";
import { BRAND_IDS } from "~/theme/theme";

const url = (path: string) => new URL(path, "http://portal.test");

describe("issue #6 §1 manifest per brand: installable", () => {
  it.each(BRAND_IDS)(
    "brand %i: name, short name, start_url /, standalone, brand colours, icons 192, 512 and maskable",
    (brandId) => {
      const manifest = manifestOf(brandId, "en");
      expect(manifest).toMatchObject({
        name: BRAND_APP[brandId].name,
        short_name: BRAND_APP[brandId].shortName,
        start_url: "/",
        display: "standalone",
        theme_color: BRAND_APP[brandId].themeColor,
      });
      expect(manifest.icons.map((i) => `${i.sizes}/${i.purpose}`)).toEqual([
        "192x192/any",
        "512x512/any",
        "512x512/maskable",
      ]);
    },
  );
  it.each(BRAND_IDS)("brand %i: the icon files exist as PNGs of their size", (brandId) => {
    for (const [size, maskable] of [
      [192, false],
      [512, false],
      [512, true],
    ] as const) {
      const png = readFileSync(path.join("public", iconPath(brandId, size, maskable)));
      expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });
});

describe("issue #6 §2 what the service worker saves", () => {
  it("home and its loader data are saved for offline use; other pages and every post are not", () => {
    expect(isSavedForOffline("GET", url("/"))).toBe(true);
    expect(isSavedForOffline("GET", url("/?announcements=read"))).toBe(true);
    expect(isSavedForOffline("GET", url("/_root.data"))).toBe(true);
    expect(isSavedForOffline("POST", url("/_root.data?index"))).toBe(false);
    expect(isSavedForOffline("POST", url("/"))).toBe(false);
    expect(isSavedForOffline("GET", url("/support"))).toBe(false);
    expect(isSavedForOffline("GET", url("/admin.data"))).toBe(false);
  });
  it("translations are stale-while-revalidate", () => {
    expect(isTranslations("GET", url("/public/translations/3/de"))).toBe(true);
    expect(isTranslations("POST", url("/public/translations/3/de"))).toBe(false);
    expect(isTranslations("GET", url("/locales/de.0123456789ab.json"))).toBe(true);
  });
  it("a response is saved only when it is a 200 that names its user", () => {
    const headers = (key: string | null) => ({ get: (name: string) => (name === "X-Portal-Offline-Key" ? key : null) });
    const key = "0123456789abcdef0123456789abcdef";
    expect(offlineOwnerOf({ ok: true, status: 200, type: "basic", headers: headers(key) })).toBe(key);
    expect(offlineOwnerOf({ ok: true, status: 200, type: "basic", headers: headers(null) })).toBeNull();
    expect(offlineOwnerOf({ ok: false, status: 500, type: "basic", headers: headers(key) })).toBeNull();
    expect(offlineOwnerOf({ ok: false, status: 0, type: "opaqueredirect", headers: headers(key) })).toBeNull();
    expect(offlineOwnerOf({ ok: true, status: 200, type: "basic", headers: headers("../../etc") })).toBeNull();
  });
  it("per user: another user's caches are dropped, shared caches stay", () => {
    const names = [
      "portal-meta",
      "workbox-precache-v2-x",
      userCacheName("aaaaaaaaaaaaaaaa"),
      userCacheName("bbbbbbbbbbbbbbbb"),
    ];
    expect(cachesToDrop(names, "bbbbbbbbbbbbbbbb")).toEqual([userCacheName("aaaaaaaaaaaaaaaa")]);
    expect(cachesToDrop(names, null)).toEqual([userCacheName("aaaaaaaaaaaaaaaa"), userCacheName("bbbbbbbbbbbbbbbb")]);
  });
  it("the offline key is stable per user, differs between users and does not show the id", () => {
    expect(offlineKeyOf(7, "s".repeat(32))).toBe(offlineKeyOf(7, "s".repeat(32)));
    expect(offlineKeyOf(7, "s".repeat(32))).not.toBe(offlineKeyOf(8, "s".repeat(32)));
    expect(offlineKeyOf(7, "s".repeat(32))).toMatch(/^[0-9a-f]{32}$/);
    // A kept key belongs to its secret: another secret gives another key.
    expect(offlineKeyOf(7, "t".repeat(32))).not.toBe(offlineKeyOf(7, "s".repeat(32)));
  });
  it("the precache keeps build files only, never a page such as /", () => {
    expect(
      precacheFilesOnly([
        { url: "/", revision: "1" },
        { url: "assets/root-abc.js", revision: null },
        "icons/brand-1-192.png",
        { url: "assets/app.css", revision: null },
      ]).map((e) => (typeof e === "string" ? e : e.url)),
    ).toEqual(["assets/root-abc.js", "icons/brand-1-192.png", "assets/app.css"]);
  });
  it("issue #38 §3 precache only the shell: the entry, the root and home routes' code, the stylesheet and the brands' icons", () => {
    const manifest = routeManifestOf(
      'window.__remixManifest={"entry":{"module":"/assets/entry.client-a.js","imports":["/assets/react-b.js"],"css":[]},' +
        '"routes":{"root":{"id":"root","path":"","module":"/assets/root-c.js","imports":["/assets/react-b.js","/assets/Form-d.js"]},' +
        '"routes/_index":{"id":"routes/_index","parentId":"root","index":true,"module":"/assets/_index-e.js","imports":["/assets/Launcher-f.js"]},' +
        '"routes/admin/_index":{"id":"routes/admin/_index","parentId":"root","index":true,"module":"/assets/_index-g.js"},' +
        '"routes/admin":{"id":"routes/admin","parentId":"root","module":"/assets/admin-h.js","imports":["/assets/schemas-i.js"]}}};',
    );
    const shell = shellFilesOf(manifest);
    expect([...shell].sort()).toEqual(
      [
        "assets/Form-d.js",
        "assets/Launcher-f.js",
        "assets/_index-e.js",
        "assets/entry.client-a.js",
        "assets/react-b.js",
        "assets/root-c.js",
      ].sort(),
    );
    for (const kept of ["assets/root-c.js", "assets/app-x.css", "icons/brand-1-192.png", "brands/3/logo.svg"])
      expect(isShellFile(kept, shell), kept).toBe(true);
    for (const left of ["assets/admin-h.js", "assets/schemas-i.js", "assets/_index-g.js", "/", "sw.js"])
      expect(isShellFile(left, shell), left).toBe(false);
  });
  it("issue #38 §3 the build's other files are kept as they are used: hashed files of this origin only", () => {
    const origin = "http://portal.test";
    expect(isBuildAsset("GET", url("/assets/admin-h.js"), origin)).toBe(true);
    expect(isBuildAsset("GET", url("/assets/app-x.css"), origin)).toBe(true);
    expect(isBuildAsset("POST", url("/assets/admin-h.js"), origin)).toBe(false);
    expect(isBuildAsset("GET", new URL("http://elsewhere.test/assets/a.js"), origin)).toBe(false);
    expect(isBuildAsset("GET", url("/admin"), origin)).toBe(false);
    expect(isBuildAsset("GET", url("/locales/en.abc.json"), origin)).toBe(false);
    expect(isBuildAsset("GET", url("/sw.js"), origin)).toBe(false);
  });
  it("the offline page is saved without its scripts", () => {
    const html =
      '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/app.css"/></head><body><h1>You are offline</h1><script nonce="x">window.__remix={}</script><script type="module" src="/assets/b.js"></script></body></html>';
    const page = staticOfflinePage(html);
    expect(page).not.toMatch(/<script|modulepreload/);
    expect(page).toContain("app.css");
    expect(page).toContain("You are offline");
  });
  it("issue #6 §2 a page opened from its saved copy says so in its own root element, and from when", () => {
    const page =
      '<!DOCTYPE html><html lang="en" data-translations="/t.json"><head></head><body><p>html</p></body></html>';
    const marked = markedAsSavedCopy(page, "2026-11-29T10:00:00.000Z");
    expect(marked).toBe(
      `<!DOCTYPE html><html ${SAVED_AT_ATTRIBUTE}="2026-11-29T10:00:00.000Z" lang="en" data-translations="/t.json"><head></head><body><p>html</p></body></html>`,
    );
    // An unknown time still marks the page (the banner without a time); a value cannot break out.
    expect(markedAsSavedCopy("<html>", "")).toBe(`<html ${SAVED_AT_ATTRIBUTE}="">`);
    expect(markedAsSavedCopy("<html>", '"><script>')).toBe(`<html ${SAVED_AT_ATTRIBUTE}="&quot;&gt;&lt;script&gt;">`);
  });

  it("a saved copy is shown only to the user signed in on this browser now (the offline-key cookie)", () => {
    expect(maySeeSavedCopy("aaaa", "aaaa")).toBe(true);
    expect(maySeeSavedCopy("bbbb", "aaaa")).toBe(false); // another user signed in since
    expect(maySeeSavedCopy(null, "aaaa")).toBe(false); // signed out or the session's cookie expired
    expect(maySeeSavedCopy(undefined, "aaaa")).toBe(false); // the worker cannot read cookies here
    expect(maySeeSavedCopy("aaaa", null)).toBe(false);
    expect(maySeeSavedCopy("", "")).toBe(false);
  });
});

describe("issue #11 §4: offline, a signed-in user keeps the top bar and footer", () => {
  const home =
    '<html lang="de"><head><title>Start | Vantor</title><script type="module" src="/assets/x.js"></script></head>' +
    '<body><header class="topbar">Dana</header><main id="main"><h1>Willkommen</h1><section>launcher</section></main>' +
    "<footer>© Vantor</footer><script>boot()</script></body></html>";
  const offline =
    '<html lang="de"><head><title>Sie sind offline | Vantor</title></head><body><main id="main"><h1>Sie sind offline</h1></main></body></html>';

  it("puts the offline page's main content and title into the user's saved shell, without scripts", () => {
    const page = offlinePageInShell(home, offline)!;
    expect(page).toContain('<header class="topbar">Dana</header>');
    expect(page).toContain("<footer>© Vantor</footer>");
    expect(page).toContain("<h1>Sie sind offline</h1>");
    expect(page).not.toContain("launcher");
    expect(page).toContain("<title>Sie sind offline | Vantor</title>");
    expect(page).not.toMatch(/<script/i);
  });

  it("without a main element on either page there is no composition", () => {
    expect(offlinePageInShell("<html><body>broken</body></html>", offline)).toBeNull();
    expect(offlinePageInShell(home, "<p>offline</p>")).toBeNull();
  });
});
