import type { RouteModule } from "../permissions/route-rules";

/**
 * The documents route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const documentsRouteModules: RouteModule[] = [
  { path: "documents", file: "routes/documents/route.tsx" },
  { path: "documents.csv", file: "routes/documents.csv.tsx" },
  { path: "documents/:id/download", file: "routes/documents/$id/download.tsx" },
];
