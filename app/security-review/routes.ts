import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";
import { satisfiesRule } from "~/security/feature-rule";

export const securityReviewRoutes = {
  /** The security review modal's page: where it posts, and where it opens on demand. */
  securityReview: { pattern: "/security-review", rule: { all: [F.usersWrite] } },
  /** The security review history of the administrator's locations (CSV). */
  securityReviewHistory: { pattern: "/security-review.csv", rule: { all: [F.usersWrite] } },
} as const satisfies Record<string, RouteAccess>;

/** SPEC §6: feature:dev gates the security review entry, which also needs the review's own rule. */
export function securityReviewOnDemand(features: readonly string[]): boolean {
  return features.includes(F.dev) && satisfiesRule(features, securityReviewRoutes.securityReview.rule);
}

/** Where the review's forms post and its sort links lead: the security review page, back to returnTo after. */
export function securityReviewHref(returnTo: string, extra: Record<string, string> = {}): string {
  return `/security-review?${new URLSearchParams({ returnTo, ...extra })}`;
}
