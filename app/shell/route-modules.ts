import type { RouteModule } from "../permissions/route-rules";

/**
 * The shell route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const shellRouteModules: RouteModule[] = [
  { index: true, file: "routes/_index.tsx" },
  { path: "access-denied", file: "routes/access-denied.tsx" },
  { path: "session/keepalive", file: "routes/session/keepalive.tsx" },
  { path: "*", file: "routes/$.tsx" },
  { path: "api/v2/user/ui-access-data", file: "routes/api/v2/user/ui-access-data.tsx" },
];
