import type { RouteModule } from "../permissions/route-rules";

/**
 * The audit route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const auditRouteModules: RouteModule[] = [
  { path: "admin/audit/:view", file: "routes/admin/audit/$view/route.tsx" },
  { path: "admin/audit/users.csv", file: "routes/admin/audit/users.csv.tsx" },
  { path: "admin/audit/organizations.csv", file: "routes/admin/audit/organizations.csv.tsx" },
];
