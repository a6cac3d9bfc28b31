import type { RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN } from "~/security/feature-rule";

export const accountMigrationRoutes = {
  /** The account migration modal's page (the changePassword required action). */
  accountMigration: { pattern: "/account/migrate", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;
