import type { RouteModule } from "../permissions/route-rules";

/**
 * The account-migration route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const accountMigrationRouteModules: RouteModule[] = [
  { path: "account/migrate", file: "routes/account/migrate/route.tsx" },
  { path: "api/v2/user/migrate/ldap", file: "routes/api/v2/user/migrate/ldap.tsx" },
  { path: "api/v2/user/migrate/security-questions", file: "routes/api/v2/user/migrate/security-questions.tsx" },
];
