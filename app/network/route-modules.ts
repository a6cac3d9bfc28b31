import type { RouteModule } from "../permissions/route-rules";

/** The network dashboard's route modules (issue #40): types only, as app/routes.ts reads them outside the aliases. */
export const networkRouteModules: RouteModule[] = [
  { path: "admin/network", file: "routes/admin/network/route.tsx" },
  { path: "admin/network.csv", file: "routes/admin/network.csv.tsx" },
];
