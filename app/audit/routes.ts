import { F } from "~/permissions/features";
import { adminMenuLink, type RouteAccess } from "~/permissions/route-rules";

export const auditRoutes = {
  auditUsers: {
    pattern: "/admin/audit/users",
    rule: { all: [F.auditUsersRead] },
    nav: adminMenuLink("adminLinks.auditUsers", "/admin/audit/users"),
  },
  auditUsersExport: { pattern: "/admin/audit/users.csv", rule: { all: [F.auditUsersRead] } },
  auditOrganizations: {
    pattern: "/admin/audit/organizations",
    rule: { all: [F.auditOrgsRead] },
    nav: adminMenuLink("adminLinks.auditOrganizations", "/admin/audit/organizations"),
  },
  auditOrganizationsExport: { pattern: "/admin/audit/organizations.csv", rule: { all: [F.auditOrgsRead] } },
} as const satisfies Record<string, RouteAccess>;

/** The organizations' audit history, searched for one organization. */
export const toOrganizationHistory = (organizationId: number | string) =>
  `/admin/audit/organizations?q=${organizationId}`;
