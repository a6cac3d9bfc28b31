import type { RouteModule } from "../permissions/route-rules";

/**
 * The directory route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const directoryRouteModules: RouteModule[] = [
  { path: "admin/manage-directory/:context?", file: "routes/admin/manage-directory/route.tsx" },
  { path: "directory-review/:context", file: "routes/directory-review/$context/route.tsx" },
  {
    path: "api/v2/admin/directory-data/:context",
    index: true,
    file: "routes/api/v2/admin/directory-data/$context/_index.tsx",
  },
  {
    path: "api/v2/admin/directory-data/:context/identities-search",
    file: "routes/api/v2/admin/directory-data/$context/identities-search.tsx",
  },
  {
    path: "api/v2/admin/directory-data/:context/selections",
    file: "routes/api/v2/admin/directory-data/$context/selections.tsx",
  },
  {
    path: "api/v2/admin/directory-data/last-review-date/:context",
    file: "routes/api/v2/admin/directory-data/last-review-date/$context.tsx",
  },
];
