import type { RouteModule } from "../permissions/route-rules";

/**
 * The security-review route modules: URL path and file under app/. app/routes.ts composes every list when
 * Remix reads its route config, outside the app's module aliases, so this file imports types only.
 */
export const securityReviewRouteModules: RouteModule[] = [
  { path: "security-review", file: "routes/security-review/route.tsx" },
  { path: "security-review.csv", file: "routes/security-review.csv.tsx" },
  { path: "api/v2/admin/attestation-review/users", file: "routes/api/v2/admin/attestation-review/users.tsx" },
  { path: "api/v2/admin/attestation-review/update", file: "routes/api/v2/admin/attestation-review/update.tsx" },
  { path: "api/v2/admin/attestation-review/deactivate", file: "routes/api/v2/admin/attestation-review/deactivate.tsx" },
];
