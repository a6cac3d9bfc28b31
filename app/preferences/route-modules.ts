import type { RouteModule } from "../permissions/route-rules";

/**
 * The preferences route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const preferencesRouteModules: RouteModule[] = [
  { path: "preferences/:path?", file: "routes/preferences/route.tsx" },
  { path: "locale", file: "routes/locale.tsx" },
  { path: "theme", file: "routes/theme.tsx" },
  { path: "api/v2/user", index: true, file: "routes/api/v2/user/_index.tsx" },
  { path: "api/v2/emails/definitions", file: "routes/api/v2/emails/definitions.tsx" },
];
