import type { RouteModule } from "../permissions/route-rules";

/**
 * The imports route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const importsRouteModules: RouteModule[] = [
  { path: "admin/wsr-bulk-assignments", file: "routes/admin/wsr-bulk-assignments/route.tsx" },
  { path: "admin/wsr-bulk-assignments/:runId", file: "routes/admin/wsr-bulk-assignments/$runId/route.tsx" },
  {
    path: "admin/wsr-bulk-assignments/template/:format",
    file: "routes/admin/wsr-bulk-assignments/template/$format.tsx",
  },
  { path: "admin/orgs-bulk-assignments", file: "routes/admin/orgs-bulk-assignments/route.tsx" },
  { path: "admin/orgs-bulk-assignments/:runId", file: "routes/admin/orgs-bulk-assignments/$runId/route.tsx" },
  {
    path: "admin/orgs-bulk-assignments/template/:format",
    file: "routes/admin/orgs-bulk-assignments/template/$format.tsx",
  },
];
