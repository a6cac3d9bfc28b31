/** Feature strings named by the spec (SPEC §2, §6). */
export const F = {
  announcementsWrite: "admin:announcements:write",
  announcementsRead: "admin:announcements:read",
  permissionSetsWrite: "admin:permissionSets:write",
  permissionSetsRead: "admin:permissionSets:read",
  securityRolesWrite: "admin:securityRoles:write",
  securityRolesRead: "admin:securityRoles:read",
  usersWrite: "admin:users:write",
  usersEdit: "admin:users:edit",
  usersRead: "admin:users:read",
  applicationsWrite: "admin:applications:write",
  applicationsRead: "admin:applications:read",
  auditUsersRead: "audit:users:read",
  auditOrgsRead: "audit:orgs:read",
  identityBulkImportWrite: "admin:identityBulkImport:write",
  integrationStatusRead: "admin:integrationStatus:read",
  /** Create, rotate and revoke the API's machine clients (issue #35 §3). */
  apiClientsWrite: "admin:apiClients:write",
  /** The dealer network at a glance, for the maker's brand and regional managers (issue #40 §1). */
  networkRead: "admin:network:read",
  documentsView: "documents:view",
  /** Upload, replace and delete documents of the library (issue #5 §3). */
  documentsWrite: "admin:documents:write",
  serialNumberPresent: "serialNumber:present",
  /** Derived: the user holds a role at an OEM organization, so administers the portal there (ADR 29). */
  portalScope: "scope:portal",
  dev: "feature:dev",
} as const;

/** Admin status holds with any of these (SPEC §6). */
export const ADMIN_FEATURES = [
  F.announcementsWrite,
  F.usersWrite,
  F.applicationsWrite,
  F.securityRolesWrite,
  F.permissionSetsWrite,
] as const;

/** Every admin/audit feature the spec names, in a stable order. */
export const ALL_ADMIN_FEATURES = [
  F.announcementsWrite,
  F.announcementsRead,
  F.permissionSetsWrite,
  F.permissionSetsRead,
  F.securityRolesWrite,
  F.securityRolesRead,
  F.usersWrite,
  F.usersEdit,
  F.usersRead,
  F.applicationsWrite,
  F.applicationsRead,
  F.auditUsersRead,
  F.auditOrgsRead,
  F.identityBulkImportWrite,
  F.integrationStatusRead,
  F.apiClientsWrite,
] as const;

export function isAnyAdmin(features: readonly string[]): boolean {
  return ADMIN_FEATURES.some((f) => features.includes(f));
}

/** The features a security role may grant: every known one but those derived from identity data (SPEC §6) or from where roles are held. */
export const GRANTABLE_FEATURES = Object.values(F).filter(
  (feature) => feature !== F.serialNumberPresent && feature !== F.portalScope,
);
