import { vitePlugin as remix, type Preset } from "@remix-run/dev";
import { RemixVitePWA } from "@vite-pwa/remix";
import { defineConfig } from "vite";
import path from "node:path";
import { readdirSync, readFileSync } from "node:fs";
import { isShellFile, routeManifestOf, shellFilesOf } from "./app/pwa/sw-rules";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
    v3_routeConfig: true;
  }
}

// The service worker (app/sw.ts) gets the client build's precache list injected (issue #6).
const { RemixVitePWAPlugin, RemixPWAPreset } = RemixVitePWA();

/**
 * The precache holds the shell only (issue #38 §3), read from the route manifest the build wrote;
 * the rest is cached as it is used.
 */
async function precacheTheShellOnly<T extends { url: string }>(entries: T[]) {
  const assets = path.resolve(__dirname, "build/client/assets");
  const manifestFile = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  // vite-plugin-pwa builds the worker twice: after the client build, before the route manifest is
  // written (that worker is replaced), and once the whole build is done (the worker that ships).
  if (!manifestFile) return { manifest: [], warnings: [] };
  const shell = shellFilesOf(routeManifestOf(readFileSync(path.join(assets, manifestFile), "utf8")));
  return { manifest: entries.filter((entry) => isShellFile(entry.url, shell)), warnings: [] };
}

type ModuleInfo = { importedIds: readonly string[] } | null;

/**
 * The portal's own modules every page loads with the root route go into one chunk: Rollup would
 * otherwise split them by the routes that share them, a dozen files of a few hundred bytes that
 * each cost the first visit a request and compress worse apart (issue #38, ADR 45).
 */
function shellChunk() {
  let shell: Set<string> | undefined;
  const app = path.resolve(__dirname, "app") + path.sep;
  return (id: string, { getModuleInfo }: { getModuleInfo: (id: string) => ModuleInfo }) => {
    if (!shell) {
      const root = path.resolve(__dirname, "app/root.tsx");
      shell = new Set();
      const queue = [...(getModuleInfo(root)?.importedIds ?? [])];
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (shell.has(next) || !next.startsWith(app)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(__dirname, "app") },
      // The browser's Zod never probes for eval, which the CSP refuses (app/validation/zod-browser.ts).
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: path.resolve(__dirname, "app/validation/zod-browser.ts") }]),
    ],
  },
  // The dev server's dependency scan reaches server modules; the native password hasher is not
  // for the browser and is never bundled for it.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  css: { preprocessorOptions: { scss: { api: "modern-compiler" } } },
  // The browser's code is minified by Terser, which takes ~4 % more off than esbuild (issue #12's
  // JavaScript budget, ADR 25); the server's stays readable.
  build: {
    target: "es2022",
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: shellChunk() } } }),
  },
  plugins: [
    remix({
      // The preset's types predate Vite 6 (a cast; docs/architecture.md lists the layout).
      presets: [RemixPWAPreset() as unknown as Preset],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        // Routes are declared in app/routes.ts.
        v3_routeConfig: true,
      },
    }),
    RemixVitePWAPlugin({
      strategies: "injectManifest",
      srcDir: "app",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      // Each brand has its own manifest, served by app/routes/manifest/$brand.tsx.
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,svg,png,woff2}"],
        globIgnores: ["**/sw.js", "**/workbox-*.js"],
        manifestTransforms: [precacheTheShellOnly],
      },
      remix: { injectManifest: { clientsClaimMode: false } },
    }),
  ],
}));
