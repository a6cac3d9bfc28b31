import type { RouteModule } from "../permissions/route-rules";

/** The API's own pages: its contract and its reference (issue #35). Types only: app/routes.ts reads this outside the app's aliases. */
export const apiRouteModules: RouteModule[] = [
  { path: "api/v2/openapi.json", file: "routes/api/v2/openapi.json.tsx" },
  { path: "api/docs", file: "routes/api/docs.tsx" },
];
