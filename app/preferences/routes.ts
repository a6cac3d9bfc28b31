import type { RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN } from "~/security/feature-rule";

export const preferenceRoutes = {
  preferences: { pattern: "/preferences/:path?", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;
