import type { RouteModule } from "../permissions/route-rules";

/**
 * The auth route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const authRouteModules: RouteModule[] = [
  { path: "login", file: "routes/login.tsx" },
  { path: "login/callback", file: "routes/login/callback.tsx" },
  { path: ":base/login/callback", file: "routes/$base/login/callback.tsx" },
  { path: "logout", file: "routes/logout.tsx" },
  { path: "signin/:uid", file: "routes/signin/$uid/route.tsx" },
  { path: "verify-email/:token", file: "routes/verify-email/$token/route.tsx" },
  { path: "verify-email/done", file: "routes/verify-email/done.tsx" },
];
