import type { PermissionSetRecord } from "./permission-sets.server";

/** A stored set as its editor's form starts (`permissionSetSchema`'s fields), with its id and edit stamp. */
export function permissionSetFormValues(set: PermissionSetRecord) {
  return {
    id: set.id,
    name: set.name,
    displayName: set.displayName,
    required: set.required ? "on" : undefined,
    selectionMode: set.selectionMode,
    applicationId: set.applicationId === null ? "" : String(set.applicationId),
    securityRoles: set.securityRoles.map(String),
    updatedAt: set.updatedAt.toISOString(),
  };
}
