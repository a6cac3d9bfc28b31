import { F } from "~/permissions/features";
import { listAndRecordLinks, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const apiClientsRule: FeatureRule = { all: [F.apiClientsWrite] };

export const apiClientRoutes = {
  apiClients: {
    pattern: "/admin/api-clients",
    rule: apiClientsRule,
    // The Admin menu only: the launcher's admin tiles are the spec's (SPEC §6).
    nav: [{ labelKey: "adminLinks.apiClients", to: "/admin/api-clients", menus: ["admin"] }],
  },
  apiClientNew: { pattern: "/admin/api-clients/new", rule: apiClientsRule },
  apiClient: { pattern: "/admin/api-clients/:id", rule: apiClientsRule },
} as const satisfies Record<string, RouteAccess>;

export const { toList: toApiClients, toRecord: toApiClient } = listAndRecordLinks(
  "/admin/api-clients",
  "/admin/api-clients",
);
export const toNewApiClient = () => "/admin/api-clients/new";
