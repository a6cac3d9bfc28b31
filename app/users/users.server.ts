import { asc, desc, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import {
  apiClients,
  emailSubscriptions,
  identities,
  organizations,
  roleAssignments,
  userApplications,
  userPermissions,
} from "~/db/schema";
import { userStatusOf, type UserStatus } from "./list-options";
import { managedBy, scopeHolds } from "~/permissions/managed-users.server";
import { normalPermissions, type PermissionChoice } from "./digital-access";

/** Whether the actor manages the user (another dealer's user is not there for them: callers answer 404). */
export function actorManages(database: Executor, actor: Actor, userId: number): Promise<boolean> {
  return scopeHolds(database, actor.identityId, userId);
}

/** One managed user as the API and the editor read them: contact data, status and assignments. */
export interface ManagedUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phoneMobile: string | null;
  phoneSecondary: string | null;
  fax: string | null;
  preferredLanguage: string;
  activeDirectoryUsername: string | null;
  listingName: string | null;
  userType: "internal" | "external";
  role: "admin" | "regular";
  serialNumber: string;
  employeeNumber: string | null;
  status: UserStatus;
  deactivationReason: string | null;
  lastLoginAt: Date | null;
  updatedAt: Date;
  /** The user's locations, the preferred one first. */
  locations: { id: number; name: string; preferred: boolean }[];
  /** The security roles held, at which location. */
  assignments: { securityRoleId: number; organizationId: number }[];
  /** The distribution lists the user is subscribed to. */
  emailLists: number[];
  /** Applications flagged "requires assignment" the user is assigned to. */
  applicationIds: number[];
  /** Digital permissions: the roles chosen per permission set. */
  permissions: PermissionChoice[];
}

/** A user the actor manages; null when there is no such user or it belongs to other locations only (both answer 404). */
export async function getManagedUser(database: Executor, actor: Actor, userId: number): Promise<ManagedUser | null> {
  if (!(await actorManages(database, actor, userId))) return null;
  const [row] = await database.select().from(identities).where(eq(identities.id, userId));
  if (!row) return null;
  const assigned = await database
    .select({
      securityRoleId: roleAssignments.securityRoleId,
      organizationId: roleAssignments.organizationId,
      preferred: roleAssignments.isPreferred,
      name: organizations.name,
    })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .where(eq(roleAssignments.identityId, userId))
    .orderBy(desc(roleAssignments.isPreferred), asc(organizations.name), asc(roleAssignments.securityRoleId));
  const [subscribed, assignedApps, chosen] = await Promise.all([
    database
      .select({ id: emailSubscriptions.distributionListId })
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.identityId, userId)),
    database
      .select({ id: userApplications.applicationId })
      .from(userApplications)
      .where(eq(userApplications.identityId, userId)),
    database
      .select({ set: userPermissions.permissionSetId, role: userPermissions.securityRoleId })
      .from(userPermissions)
      .where(eq(userPermissions.identityId, userId)),
  ]);
  const locations = new Map<number, { id: number; name: string; preferred: boolean }>();
  for (const a of assigned) {
    const known = locations.get(a.organizationId);
    locations.set(a.organizationId, {
      id: a.organizationId,
      name: a.name,
      preferred: (known?.preferred ?? false) || a.preferred,
    });
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    phoneMobile: row.phoneMobile,
    phoneSecondary: row.phoneSecondary,
    fax: row.fax,
    preferredLanguage: row.preferredLanguage,
    activeDirectoryUsername: row.activeDirectoryUsername,
    listingName: row.listingName,
    userType: row.userType,
    role: row.role,
    serialNumber: row.serialNumber,
    employeeNumber: row.employeeNumber,
    status: userStatusOf(row),
    deactivationReason: row.deactivationReason,
    lastLoginAt: row.lastLoginAt,
    updatedAt: row.updatedAt,
    locations: [...locations.values()],
    assignments: assigned.map(({ securityRoleId, organizationId }) => ({ securityRoleId, organizationId })),
    emailLists: subscribed.map((row) => row.id).sort((a, b) => a - b),
    applicationIds: assignedApps.map((row) => row.id).sort((a, b) => a - b),
    permissions: normalPermissions(chosen.map((row) => ({ set: row.set, roles: [row.role] }))),
  };
}

/** The SCIM connection that made a user (issue #36), by name; null: made by a person or an import. */
export async function provisioningOf(database: Executor, userId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await database
    .select({ id: apiClients.id, name: apiClients.name })
    .from(identities)
    .innerJoin(apiClients, eq(apiClients.id, identities.provisionedBy))
    .where(eq(identities.id, userId));
  return row ?? null;
}

/** The SCIM connections that made users the administrator manages: the list's "Provisioned by" choices. */
export async function provisioningConnections(
  database: Executor,
  actor: Actor,
): Promise<{ id: number; name: string }[]> {
  return database
    .selectDistinct({ id: apiClients.id, name: apiClients.name })
    .from(identities)
    .innerJoin(apiClients, eq(apiClients.id, identities.provisionedBy))
    .where((await managedBy(database, actor.identityId)).where)
    .orderBy(asc(apiClients.name), asc(apiClients.id));
}
