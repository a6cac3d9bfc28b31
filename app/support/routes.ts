import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

export const supportRoutes = {
  support: {
    pattern: "/support",
    rule: { all: [F.serialNumberPresent] },
    nav: [{ labelKey: "nav.support", to: "/support", menus: ["main"] }],
  },
} as const satisfies Record<string, RouteAccess>;
