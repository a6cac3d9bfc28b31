import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

export const securityReviewRoutes = {
  /** The security review modal's page: where it posts, and where it opens on demand. */
  securityReview: { pattern: "/security-review", rule: { all: [F.usersWrite] } },
  /** The security review history of the administrator's locations (CSV). */
  securityReviewHistory: { pattern: "/security-review.csv", rule: { all: [F.usersWrite] } },
} as const satisfies Record<string, RouteAccess>;
