import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

export const integrationRoutes = {
  integrationErrors: {
    pattern: "/admin/integration-errors",
    rule: { all: [F.integrationStatusRead] },
    nav: [{ labelKey: "adminLinks.integrationErrors", to: "/admin/integration-errors", menus: ["admin"] }],
  },
  integrationErrorsExport: { pattern: "/admin/integration-errors.csv", rule: { all: [F.integrationStatusRead] } },
} as const satisfies Record<string, RouteAccess>;
