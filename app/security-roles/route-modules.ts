import type { RouteModule } from "../permissions/route-rules";

/**
 * The security-roles route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const securityRolesRouteModules: RouteModule[] = [
  { path: "admin/security-roles", file: "routes/admin/security-roles/route.tsx" },
  { path: "admin/security-roles.csv", file: "routes/admin/security-roles.csv.tsx" },
  { path: "admin/security-role/:id?", file: "routes/admin/security-role/route.tsx" },
  { path: "api/v2/admin/security-roles", index: true, file: "routes/api/v2/admin/security-roles/_index.tsx" },
  { path: "api/v2/admin/security-roles/:id", file: "routes/api/v2/admin/security-roles/$id.tsx" },
];
