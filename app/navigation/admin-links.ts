import { satisfiesRule } from "~/permissions/feature-rule";
import { ROUTE_RULES, type RouteKey } from "~/permissions/route-rules";

export interface NavLink {
  labelKey: string;
  to: string;
}

/** The Admin menu's entries, each guarded by its route's rule (SPEC §2 Header navigation). */
const ADMIN_LINKS: readonly { labelKey: string; to: string; route: RouteKey }[] = [
  { labelKey: "adminLinks.announcements", to: "/admin", route: "announcements" },
  { labelKey: "adminLinks.users", to: "/admin/users", route: "users" },
  { labelKey: "adminLinks.applications", to: "/admin/applications", route: "applications" },
  { labelKey: "adminLinks.securityRoles", to: "/admin/security-roles", route: "securityRoles" },
  { labelKey: "adminLinks.permissionSets", to: "/admin/permission-sets", route: "permissionSets" },
  { labelKey: "adminLinks.manageDirectory", to: "/admin/manage-directory/DEALER_LOCATION", route: "manageDirectory" },
  { labelKey: "adminLinks.singularRoles", to: "/admin/manage-directory/SINGULAR_ROLES", route: "manageDirectory" },
  { labelKey: "adminLinks.auditUsers", to: "/admin/audit/users", route: "auditUsers" },
  { labelKey: "adminLinks.auditOrganizations", to: "/admin/audit/organizations", route: "auditOrganizations" },
  { labelKey: "adminLinks.identityBulkImport", to: "/admin/wsr-bulk-assignments", route: "identityBulkImport" },
  {
    labelKey: "adminLinks.organizationBulkImport",
    to: "/admin/orgs-bulk-assignments",
    route: "organizationBulkImport",
  },
  { labelKey: "adminLinks.integrationErrors", to: "/admin/integration-errors", route: "integrationErrors" },
];

export function visibleAdminLinks(features: readonly string[]): NavLink[] {
  return ADMIN_LINKS.filter((link) => satisfiesRule(features, ROUTE_RULES[link.route].rule)).map(
    ({ labelKey, to }) => ({ labelKey, to }),
  );
}

/** Header entries outside Admin: Documents and Support, each behind its route rule. */
export function visibleMainLinks(features: readonly string[]): NavLink[] {
  const links: NavLink[] = [];
  if (satisfiesRule(features, ROUTE_RULES.documents.rule)) links.push({ labelKey: "nav.documents", to: "/documents" });
  if (satisfiesRule(features, ROUTE_RULES.support.rule)) links.push({ labelKey: "nav.support", to: "/support" });
  return links;
}
