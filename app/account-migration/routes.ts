import type { RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN } from "~/security/feature-rule";
import { F } from "~/permissions/features";

export const accountMigrationRoutes = {
  /** The account migration modal's page (the changePassword required action). */
  accountMigration: { pattern: "/account/migrate", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;

/** SPEC §6: feature:dev gates the change-password entry, which opens the migration modal on demand. */
export function changePasswordOnDemand(features: readonly string[]): boolean {
  return features.includes(F.dev);
}

/** The change-password modal's address, coming back to `returnTo`. */
export function changePasswordHref(returnTo: string): string {
  return `/account/migrate?${new URLSearchParams({ returnTo })}`;
}
