import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { dealerLocationsOfSql, locationIdsOf } from "~/permissions/dealer-locations.server";
import {
  apiClients,
  emailSubscriptions,
  identities,
  organizations,
  roleAssignments,
  userApplications,
  userPermissions,
} from "~/db/schema";
import { containsPattern, everyRow, pageOf, type ListPage } from "~/lists/list-query";
import { PAGE_SIZE } from "~/limits";
import { lastLoginCutoff, userStatusOf, type UserListState, type UserSort, type UserStatus } from "./list-options";
import { managesUser } from "./scope";
import { normalPermissions, type PermissionChoice } from "./digital-access";

/** A row of the users list. */
export interface UserListRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  location: string | null;
  lastLoginAt: Date | null;
  status: UserStatus;
  userType: "internal" | "external";
  role: "admin" | "regular";
}

/** The users an administrator manages: those with an assignment at one of the administrator's locations. */
function managedBy(actorId: number): SQL {
  return sql`${identities.id} in (
    select ra.identity_id from ${roleAssignments} ra
    where ra.organization_id in (${dealerLocationsOfSql(actorId)})
  )`;
}

/**
 * Text anywhere in the name, e-mail or job title, or in the name of one of the user's locations.
 * Each side is the very expression of its trigram index (migration 0008), so both are index scans.
 */
function searched(query: string): SQL {
  const pattern = containsPattern(query.toLowerCase());
  return sql`${identities.id} in (
    select i.id from ${identities} i
    where lower(i.first_name || ' ' || i.last_name || ' ' || i.email || ' ' || coalesce(i.job_title, '')) like ${pattern}
    union
    select ra.identity_id from ${roleAssignments} ra join organizations o on o.id = ra.organization_id
    where lower(o.name) like ${pattern}
  )`;
}

/**
 * Each user's own preferred location's name (else the first by name): the list's location column.
 * The outer user is named with its table by hand: in a one-table select Drizzle writes a column
 * bare ("id"), which inside this subquery is the organization's id — every row then showed one
 * location, whoever's it was (issue #30).
 */
const locationName = sql<string | null>`(
  select o.name from ${roleAssignments} ra join ${organizations} o on o.id = ra.organization_id
  where ra.identity_id = ${identities}.id order by ra.is_preferred desc, o.name limit 1
)`;

const statusRank = sql`case when ${identities.status} = 'inactive' then 2 when ${identities.emailVerifiedAt} is null then 1 else 0 end`;

/**
 * Each user's preferred location (else the first by name), as a table: sorting by location joins
 * it once instead of looking up every user's location on its own.
 */
function preferredLocations(database: Executor) {
  return database
    .selectDistinctOn([roleAssignments.identityId], {
      identityId: roleAssignments.identityId,
      name: sql<string>`${organizations.name}`.as("location_name"),
    })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .orderBy(roleAssignments.identityId, desc(roleAssignments.isPreferred), asc(organizations.name))
    .as("preferred_location");
}

// The name, e-mail and last-login orders are those of their indexes (migration 0008).
const SORTS: Record<Exclude<UserSort, "location">, SQL[]> = {
  name: [sql`lower(${identities.lastName})`, sql`lower(${identities.firstName})`],
  email: [sql`lower(${identities.email})`],
  lastLogin: [sql`${identities.lastLoginAt}`],
  status: [statusRank],
};

function filtersOf(actorId: number, state: Partial<UserListState>, now: Date): SQL | undefined {
  const query = state.query?.trim() ?? "";
  const cutoff = lastLoginCutoff(state.lastLogin, now);
  return and(
    managedBy(actorId),
    query ? searched(query) : undefined,
    state.status === "inactive" ? eq(identities.status, "inactive") : undefined,
    state.status === "active" ? and(eq(identities.status, "active"), isNotNull(identities.emailVerifiedAt)) : undefined,
    state.status === "awaitingVerification"
      ? and(
          eq(identities.status, "active"),
          isNull(identities.emailVerifiedAt),
          isNull(identities.verificationExpiredAt),
        )
      : undefined,
    state.status === "verificationExpired"
      ? and(
          eq(identities.status, "active"),
          isNull(identities.emailVerifiedAt),
          isNotNull(identities.verificationExpiredAt),
        )
      : undefined,
    state.userType ? eq(identities.userType, state.userType) : undefined,
    state.kind ? eq(identities.role, state.kind === "administrator" ? "admin" : "regular") : undefined,
    state.lastLogin === "never" ? isNull(identities.lastLoginAt) : undefined,
    state.provisionedBy ? eq(identities.provisionedBy, state.provisionedBy) : undefined,
    cutoff ? lt(identities.lastLoginAt, cutoff) : undefined,
  );
}

/** No search and no filter: the list is the whole scope. */
function unfiltered(state: Partial<UserListState>): boolean {
  return !state.query?.trim() && !state.status && !state.userType && !state.kind && !state.lastLogin;
}

/**
 * How many users the actor manages, counted from the assignments alone (every assignment's
 * identity exists): at 100 000 users in scope a fifth of the time of counting through identities.
 */
async function managedCount(database: Executor, actorId: number): Promise<number> {
  const [{ total }] = await database
    .select({ total: sql<number>`count(distinct ${roleAssignments.identityId})::int` })
    .from(roleAssignments)
    .where(sql`${roleAssignments.organizationId} in (${dealerLocationsOfSql(actorId)})`);
  return total;
}

function reader(database: Executor, actorId: number, state: Partial<UserListState>, now: Date) {
  const where = filtersOf(actorId, state, now);
  const direction = state.sortType === "desc" ? desc : asc;
  const sortBy = state.sortBy ?? "name";
  const columns = {
    id: identities.id,
    firstName: identities.firstName,
    lastName: identities.lastName,
    email: identities.email,
    jobTitle: identities.jobTitle,
    lastLoginAt: identities.lastLoginAt,
    status: identities.status,
    emailVerifiedAt: identities.emailVerifiedAt,
    verificationExpiredAt: identities.verificationExpiredAt,
    userType: identities.userType,
    role: identities.role,
  };
  const page = (limit: number, offset: number) => {
    if (sortBy === "location") {
      const located = preferredLocations(database);
      return database
        .select({ ...columns, location: located.name })
        .from(identities)
        .leftJoin(located, eq(located.identityId, identities.id))
        .where(where)
        .orderBy(direction(located.name), asc(identities.id))
        .limit(limit)
        .offset(offset);
    }
    return database
      .select({ ...columns, location: locationName })
      .from(identities)
      .where(where)
      .orderBy(...SORTS[sortBy].map((column) => direction(column)), asc(identities.id))
      .limit(limit)
      .offset(offset);
  };
  return {
    count: async () =>
      unfiltered(state)
        ? managedCount(database, actorId)
        : (await database.select({ total: count() }).from(identities).where(where))[0].total,
    read: async (limit: number, offset: number): Promise<UserListRow[]> =>
      (await page(limit, offset)).map(({ emailVerifiedAt, verificationExpiredAt, status, ...row }) => ({
        ...row,
        status: userStatusOf({ status, emailVerifiedAt, verificationExpiredAt }),
      })),
  };
}

/** What a users list is asked for: the URL's state, the moment "over N days" counts from, and (tests) a page size. */
export type UserListOptions = Partial<UserListState> & { now?: Date };

/** A page of the users the actor manages, searched, filtered and sorted. */
export function listUsers(database: Database, actor: Actor, options: UserListOptions): Promise<ListPage<UserListRow>> {
  const list = reader(database, actor.identityId, options, options.now ?? new Date());
  return pageOf(list.count, list.read, options.page, options.rowsPerPage ?? PAGE_SIZE);
}

/** Every user of the filtered list, in its order (the CSV export). */
export function everyListedUser(
  database: Database,
  actor: Actor,
  options: UserListOptions,
): AsyncGenerator<UserListRow> {
  return everyRow(reader(database, actor.identityId, options, options.now ?? new Date()).read);
}

/** Whether the actor manages the user (another dealer's user is not there for them: callers answer 404). */
export async function actorManages(database: Executor, actor: Actor, userId: number): Promise<boolean> {
  const [mine, theirs] = await Promise.all([
    locationIdsOf(database, actor.identityId),
    locationIdsOf(database, userId),
  ]);
  return managesUser(mine, theirs);
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
    .where(managedBy(actor.identityId))
    .orderBy(asc(apiClients.name), asc(apiClients.id));
}
