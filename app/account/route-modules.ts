import type { RouteModule } from "../permissions/route-rules";

/**
 * The account route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const accountRouteModules: RouteModule[] = [
  { path: "account/security", file: "routes/account/security/route.tsx" },
];
