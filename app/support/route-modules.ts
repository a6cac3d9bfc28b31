import type { RouteModule } from "../permissions/route-rules";

/**
 * The support route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const supportRouteModules: RouteModule[] = [{ path: "support", file: "routes/support.tsx" }];
