import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  css: { preprocessorOptions: { scss: { api: "modern-compiler" } } },
  build: { target: "es2022" },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/*.css", "**/*.test.*"],
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
