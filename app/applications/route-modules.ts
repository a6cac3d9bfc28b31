import type { RouteModule } from "../permissions/route-rules";

/**
 * The applications route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const applicationsRouteModules: RouteModule[] = [
  { path: "admin/applications", file: "routes/admin/applications/route.tsx" },
  { path: "admin/applications.csv", file: "routes/admin/applications.csv.tsx" },
  { path: "admin/application/:id?", file: "routes/admin/application.tsx" },
  { path: "api/v2/user/applications", file: "routes/api/v2/user/applications.tsx" },
];
