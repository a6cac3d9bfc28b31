/**
 * The floor app's build (issue #12): a minimal Remix page built by bench/home-throughput.ts
 * into bench/floor/build/. Same Remix future flags as the portal, so both render the same way.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  // Vite's default cache folder is node_modules/.vite under the root: keep it in the repository's own.
  cacheDir: path.resolve(root, "../../node_modules/.vite/bench-floor"),
  build: { target: "es2022" },
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
