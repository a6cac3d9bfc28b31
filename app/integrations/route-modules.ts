import type { RouteModule } from "../permissions/route-rules";

/**
 * The integrations route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const integrationsRouteModules: RouteModule[] = [
  { path: "admin/integration-errors", file: "routes/admin/integration-errors/route.tsx" },
  { path: "admin/integration-errors.csv", file: "routes/admin/integration-errors.csv.tsx" },
];
