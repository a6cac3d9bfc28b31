import { F } from "~/permissions/features";
import { adminMenuLink, listAndRecordLinks, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const securityRoles: FeatureRule = { any: [F.securityRolesWrite, F.securityRolesRead] };

export const securityRoleRoutes = {
  securityRoles: {
    pattern: "/admin/security-roles",
    rule: securityRoles,
    nav: adminMenuLink("adminLinks.securityRoles", "/admin/security-roles"),
  },
  securityRolesExport: { pattern: "/admin/security-roles.csv", rule: securityRoles },
  securityRoleEditor: { pattern: "/admin/security-role/:id?", rule: securityRoles, rescuesForms: true },
} as const satisfies Record<string, RouteAccess>;

/** The list and a record's editor, with their queries. */
export const securityRoleLinks = listAndRecordLinks("/admin/security-roles", "/admin/security-role");
export const { toList: toSecurityRoles, toRecord: toSecurityRole } = securityRoleLinks;
