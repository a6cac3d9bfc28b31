import { vitePlugin as remix, type Preset } from "@remix-run/dev";
import { RemixVitePWA } from "@vite-pwa/remix";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
    v3_routeConfig: true;
  }
}

// The service worker (app/sw.ts) gets the client build's precache list injected (issue #6).
const { RemixVitePWAPlugin, RemixPWAPreset } = RemixVitePWA();

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
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
      },
      remix: { injectManifest: { clientsClaimMode: false } },
    }),
  ],
}));
