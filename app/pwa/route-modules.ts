import type { RouteModule } from "../permissions/route-rules";

/**
 * The pwa route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const pwaRouteModules: RouteModule[] = [
  { path: "manifest/:brand", file: "routes/manifest/$brand.tsx" },
  { path: "offline", file: "routes/offline.tsx" },
];
