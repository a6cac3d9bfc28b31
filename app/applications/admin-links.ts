import { satisfiesRule } from "~/permissions/feature-rule";
import { F, isAnyAdmin } from "~/permissions/features";
import { ROUTE_RULES, type RouteKey } from "~/permissions/route-rules";

export interface LauncherAdminLink {
  labelKey: string;
  to: string;
}

/** SPEC §6 launcher admin links, each with its rule; manage-directory links carry no check. */
const LINKS: readonly (LauncherAdminLink & { route: RouteKey | null })[] = [
  { labelKey: "adminLinks.announcements", to: "/admin", route: "announcements" },
  { labelKey: "adminLinks.users", to: "/admin/users", route: "users" },
  { labelKey: "adminLinks.applications", to: "/admin/applications", route: "applications" },
  { labelKey: "adminLinks.securityRoles", to: "/admin/security-roles", route: "securityRoles" },
  { labelKey: "adminLinks.permissionSets", to: "/admin/permission-sets", route: "permissionSets" },
  { labelKey: "adminLinks.auditUsers", to: "/admin/audit/users", route: "auditUsers" },
  { labelKey: "adminLinks.auditOrganizations", to: "/admin/audit/organizations", route: "auditOrganizations" },
  { labelKey: "adminLinks.identityBulkImport", to: "/admin/wsr-bulk-assignments", route: "identityBulkImport" },
  {
    labelKey: "adminLinks.organizationBulkImport",
    to: "/admin/orgs-bulk-assignments",
    route: "organizationBulkImport",
  },
  { labelKey: "adminLinks.manageDirectory", to: "/admin/manage-directory/DEALER_LOCATION", route: null },
  { labelKey: "adminLinks.singularRoles", to: "/admin/manage-directory/SINGULAR_ROLES", route: null },
];

/** The launcher's admin links: only with feature:dev and any-admin, then each by its own rule. */
export function launcherAdminLinks(features: readonly string[]): LauncherAdminLink[] {
  if (!features.includes(F.dev) || !isAnyAdmin(features)) return [];
  return LINKS.filter((link) => link.route === null || satisfiesRule(features, ROUTE_RULES[link.route].rule)).map(
    ({ labelKey, to }) => ({ labelKey, to }),
  );
}
