import type { RouteModule } from "../permissions/route-rules";

/**
 * The API clients' route modules: URL path and file under app/. app/routes.ts composes every list
 * when Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const apiClientsRouteModules: RouteModule[] = [
  { path: "admin/api-clients", index: true, file: "routes/admin/api-clients/_index.tsx" },
  { path: "admin/api-clients/new", file: "routes/admin/api-clients/new.tsx" },
  { path: "admin/api-clients/:id", file: "routes/admin/api-clients/$id.tsx" },
];
