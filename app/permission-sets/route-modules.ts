import type { RouteModule } from "../permissions/route-rules";

/**
 * The permission-sets route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const permissionSetsRouteModules: RouteModule[] = [
  { path: "admin/permission-sets", file: "routes/admin/permission-sets/route.tsx" },
  { path: "admin/permission-sets.csv", file: "routes/admin/permission-sets.csv.tsx" },
  { path: "admin/permission-set/:id?", file: "routes/admin/permission-set/route.tsx" },
  { path: "api/v2/admin/permission-sets", index: true, file: "routes/api/v2/admin/permission-sets/_index.tsx" },
  { path: "api/v2/admin/permission-sets/:id", file: "routes/api/v2/admin/permission-sets/$id.tsx" },
];
