import type { RouteModule } from "../permissions/route-rules";

/**
 * The announcements route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const announcementsRouteModules: RouteModule[] = [
  { path: "admin", index: true, file: "routes/admin/_index.tsx" },
  { path: "admin.csv", file: "routes/admin.csv.tsx" },
  { path: "admin/announcement/:id?/:mode?", file: "routes/admin/announcement.tsx" },
  { path: "admin/acknowledgements/:id?", file: "routes/admin/acknowledgements/route.tsx" },
  { path: "admin/acknowledgements/:id/receipts.csv", file: "routes/admin/acknowledgements/receipts.csv.tsx" },
  { path: "announcements/:id/open", file: "routes/announcements/$id/open.tsx" },
  { path: "api/v2/announcements/:id", file: "routes/api/v2/announcements/$id.tsx" },
  { path: "api/v2/announcements", index: true, file: "routes/api/v2/announcements/_index.tsx" },
  { path: "api/v2/announcements/collection/:ids", file: "routes/api/v2/announcements/collection/$ids.tsx" },
  { path: "api/v2/announcements/definitions", file: "routes/api/v2/announcements/definitions.tsx" },
  { path: "api/v2/user/notifications", file: "routes/api/v2/user/notifications.tsx" },
];
