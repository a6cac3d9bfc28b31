import type { SecurityRoleRecord } from "./security-roles.server";

/** A stored role as its editor's form starts (`securityRoleSchema`'s fields: linked roles as option values), with its id and edit stamp. */
export function securityRoleFormValues(role: SecurityRoleRecord) {
  const ids = (values: number[]) => values.map(String);
  return {
    id: role.id,
    name: role.name,
    displayName: role.displayName,
    features: role.features,
    activities: role.activities,
    businessFunctions: role.businessFunctions,
    expectations: role.expectations,
    parents: ids(role.parents),
    children: ids(role.children),
    assignableBy: ids(role.assignableBy),
    relations: role.relations.map((relation) => ({ roleId: String(relation.roleId), name: relation.name })),
    feedId: role.feedId ?? "",
    excludeFromFeeds: role.excludeFromFeeds ? "on" : undefined,
    excludeFromCopyUser: role.excludeFromCopyUser ? "on" : undefined,
    updatedAt: role.updatedAt.toISOString(),
  };
}
