import type { RouteModule } from "../permissions/route-rules";

/**
 * The users route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const usersRouteModules: RouteModule[] = [
  { path: "admin/users", file: "routes/admin/users/route.tsx" },
  { path: "admin/users.csv", file: "routes/admin/users.csv.tsx" },
  { path: "admin/users/create", index: true, file: "routes/admin/users/create/route.tsx" },
  { path: "admin/users/create/:tab", file: "routes/admin/users/create/$tab/route.tsx" },
  { path: "admin/users/copyuser", file: "routes/admin/users/copyuser/route.tsx" },
  { path: "admin/users/copyrole", file: "routes/admin/users/copyrole/route.tsx" },
  { path: "admin/users/:id/view/:tab?", file: "routes/admin/users/$id/view/route.tsx" },
  { path: "admin/users/:id/edit/:tab?", file: "routes/admin/users/$id/edit/route.tsx" },
  { path: "admin/users/:id/preview", file: "routes/admin/users/$id/preview/route.tsx" },
  { path: "api/v2/admin/users", index: true, file: "routes/api/v2/admin/users/_index.tsx" },
  {
    path: "api/v2/admin/users/:id",
    file: "routes/api/v2/admin/users/$id.tsx",
    children: [
      { path: "resend-verification", file: "routes/api/v2/admin/users/$id/resend-verification.tsx" },
      { path: "deactivate", file: "routes/api/v2/admin/users/$id/deactivate.tsx" },
      { path: "activate", file: "routes/api/v2/admin/users/$id/activate.tsx" },
      { path: "resync", file: "routes/api/v2/admin/users/$id/resync.tsx" },
    ],
  },
];
