import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, notInArray, sql, type SQL } from "drizzle-orm";
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
import { COUNT_CAP, PAGE_SIZE } from "~/limits";
import { lastLoginCutoff, userStatusOf, type UserListState, type UserSort, type UserStatus } from "./list-options";
import { managesUser } from "./scope";
import { narrowsByTrigrams, readsMatchesFirst, type SearchEstimate } from "./list-plan";
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

/**
 * A scope of this many users or fewer is read as their ids (a dealer's few locations): search,
 * filters, sort and count then run over those rows alone.
 */
const NARROW_SCOPE = 2_000;

/**
 * The users an administrator manages: those with an assignment at one of the administrator's
 * locations. A few (≤ NARROW_SCOPE assignments) are named by id. A network whose outside (the
 * dealer locations the administrator lacks) holds few is every dealer-located user (a flag the
 * database keeps, migration 0028) but the outside's own. Otherwise each user's assignments are
 * checked against the administrator's locations, a set PostgreSQL hashes once per statement: each
 * `is true` keeps its part a subplan, so the check runs last on the rows the other filters leave
 * and no plan hashes a million assignments first (ADR 42).
 */
async function managedBy(database: Executor, actorId: number): Promise<{ network: boolean; where: SQL }> {
  const mine = dealerLocationsOfSql(actorId);
  const assigned = await database
    .select({ id: roleAssignments.identityId })
    .from(roleAssignments)
    .where(sql`${roleAssignments.organizationId} in (${mine})`)
    .limit(NARROW_SCOPE + 1);
  if (assigned.length <= NARROW_SCOPE) {
    const ids = [...new Set(assigned.map((row) => row.id))];
    return { network: false, where: ids.length > 0 ? inArray(identities.id, ids) : sql`false` };
  }
  const outside = await outsideUsers(database, mine);
  if (outside) {
    return {
      network: true,
      where:
        outside.length > 0
          ? and(eq(identities.dealerLocated, true), notInArray(identities.id, outside))!
          : eq(identities.dealerLocated, true),
    };
  }
  // The outer user is named with its table: in a one-table select Drizzle writes a column bare.
  return {
    network: true,
    where: sql`(exists (select 1 from ${roleAssignments} ra where ra.identity_id = ${identities}.id
      and (ra.organization_id in (${mine})) is true)) is true`,
  };
}

/**
 * The users at the dealer locations an administrator lacks who hold none of theirs; null when
 * those locations hold more than NARROW_SCOPE assignments (the outside is then no short list).
 */
async function outsideUsers(database: Executor, mine: SQL): Promise<number[] | null> {
  const result = await database.execute(sql`
    select ra.identity_id as id, not exists (
      select 1 from ${roleAssignments} other
      where other.identity_id = ra.identity_id and (other.organization_id in (${mine})) is true) as outside
    from ${roleAssignments} ra
    where ra.organization_id in (
      select o.id from ${organizations} o where o.type <> 'internal' and (o.id in (${mine})) is not true)
    limit ${NARROW_SCOPE + 1}`);
  const rows = (result as unknown as { rows: { id: number; outside: boolean }[] }).rows;
  if (rows.length > NARROW_SCOPE) return null;
  return [...new Set(rows.filter((row) => row.outside).map((row) => row.id))];
}

/**
 * Text anywhere in the name, e-mail, job title or the names of the user's locations: one column
 * kept by the database (migration 0028) with one trigram index. A term too short for trigrams is
 * matched row by row (through the index it would read every entry of it), and so is any term over
 * a scope read by id: its few thousand rows cost less than a common word's trigrams ("dealer").
 */
function searched(term: string, byIndex = true): SQL {
  const text = term.toLowerCase();
  return byIndex && narrowsByTrigrams(term)
    ? sql`${identities.searchText} like ${containsPattern(text)}`
    : sql`strpos(${identities.searchText}, ${text}) > 0`;
}

/** How many rows the database expects a select to give (its planner's estimate: no rows read). */
async function plannedRows(database: Executor, query: SQL): Promise<number> {
  const result = await database.execute(sql`explain (format json) ${query}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: { "Plan Rows": number } }[];
  return parsed[0].Plan["Plan Rows"];
}

/** The planner's estimates for a network search: its text's matches, all its filters' and the users. */
async function searchEstimate(database: Executor, term: string, filters: SQL | undefined): Promise<SearchEstimate> {
  const [textMatches, matches, users] = await Promise.all([
    plannedRows(database, sql`select 1 from ${identities} where ${searched(term)}`),
    plannedRows(database, sql`select 1 from ${identities} where ${filters ?? sql`true`}`),
    plannedRows(database, sql`select 1 from ${identities}`),
  ]);
  return { textMatches, matches, users };
}

/** Where each status sorts: active, then not yet verified (awaiting or expired), then inactive. */
const STATUS_RANKS: Record<UserStatus, number> = {
  active: 0,
  awaitingVerification: 1,
  verificationExpired: 1,
  inactive: 2,
};
const statusRank = sql`case when ${identities.status} = 'inactive' then 2 when ${identities.emailVerifiedAt} is null then 1 else 0 end`;

// Each order is that of an index (migrations 0008 and 0028).
const SORTS: Record<UserSort, SQL[]> = {
  name: [sql`lower(${identities.lastName})`, sql`lower(${identities.firstName})`],
  email: [sql`lower(${identities.email})`],
  location: [sql`${identities.locationName}`],
  lastLogin: [sql`${identities.lastLoginAt}`],
  status: [statusRank],
};

/**
 * Each sort's first key as an expression no index has (the same order): a search that reads its
 * matches first then sorts them instead of walking the index.
 */
const UNINDEXED_FIRST_KEYS: Record<UserSort, SQL> = {
  name: sql`lower(${identities.lastName}) || ''`,
  email: sql`lower(${identities.email}) || ''`,
  location: sql`${identities.locationName} || ''`,
  lastLogin: sql`${identities.lastLoginAt} + interval '0 seconds'`,
  status: sql`${statusRank} + 0`,
};

function filtersOf(scope: SQL | undefined, state: Partial<UserListState>, now: Date, byIndex = true): SQL | undefined {
  const query = state.query?.trim() ?? "";
  const cutoff = lastLoginCutoff(state.lastLogin, now);
  return and(
    scope,
    query ? searched(query, byIndex) : undefined,
    // The status's rank too: the same rows, but a range of the status order's index (migration 0028).
    state.status ? sql`${statusRank} = ${STATUS_RANKS[state.status]}` : undefined,
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

async function reader(
  database: Executor,
  actorId: number,
  state: Partial<UserListState>,
  now: Date,
  rowsWanted = PAGE_SIZE,
) {
  const scope = await managedBy(database, actorId);
  const where = filtersOf(scope.where, state, now, scope.network);
  const term = state.query?.trim() ?? "";
  const matchesFirst =
    scope.network &&
    term !== "" &&
    readsMatchesFirst(term, await searchEstimate(database, term, filtersOf(undefined, state, now)), rowsWanted);
  const direction = state.sortType === "desc" ? desc : asc;
  const sortBy = state.sortBy ?? "name";
  const [first, ...rest] = SORTS[sortBy];
  const keys = [matchesFirst ? UNINDEXED_FIRST_KEYS[sortBy] : first, ...rest];
  // Ties go the sort's way too: a descending page is then the index read backwards, not a group
  // of equal keys (every user never signed in) sorted again.
  const order = [...keys.map((key) => direction(key)), direction(identities.id)];
  return {
    /** The matches, or `limit` of them at most (the count stops there: a capped count). */
    count: async (limit?: number) => {
      const matches = database
        .select({ one: sql`1` })
        .from(identities)
        .where(where);
      const counted = limit === undefined ? matches.as("matches") : matches.limit(limit).as("matches");
      return (await database.select({ total: count() }).from(counted))[0].total;
    },
    read: async (limit: number, offset: number): Promise<UserListRow[]> => {
      const rows = await database
        .select({
          id: identities.id,
          firstName: identities.firstName,
          lastName: identities.lastName,
          email: identities.email,
          jobTitle: identities.jobTitle,
          location: identities.locationName,
          lastLoginAt: identities.lastLoginAt,
          status: identities.status,
          emailVerifiedAt: identities.emailVerifiedAt,
          verificationExpiredAt: identities.verificationExpiredAt,
          userType: identities.userType,
          role: identities.role,
        })
        .from(identities)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map(({ emailVerifiedAt, verificationExpiredAt, status, ...row }) => ({
        ...row,
        status: userStatusOf({ status, emailVerifiedAt, verificationExpiredAt }),
      }));
    },
  };
}

/** What a users list is asked for: the URL's state, the moment "over N days" counts from, and (tests) a page size. */
export type UserListOptions = Partial<UserListState> & { now?: Date };

/** A page of the users the actor manages, searched, filtered and sorted. */
export async function listUsers(
  database: Database,
  actor: Actor,
  options: UserListOptions,
): Promise<ListPage<UserListRow>> {
  const rowsPerPage = options.rowsPerPage ?? PAGE_SIZE;
  const rowsWanted = Math.max(1, Math.floor(options.page ?? 1)) * rowsPerPage;
  const list = await reader(database, actor.identityId, options, options.now ?? new Date(), rowsWanted);
  return pageOf(list.count, list.read, options.page, rowsPerPage, COUNT_CAP);
}

/** Every user of the filtered list, in its order (the CSV export). */
export async function* everyListedUser(
  database: Database,
  actor: Actor,
  options: UserListOptions,
): AsyncGenerator<UserListRow> {
  const now = options.now ?? new Date();
  yield* everyRow((await reader(database, actor.identityId, options, now, Number.MAX_SAFE_INTEGER)).read);
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
    .where((await managedBy(database, actor.identityId)).where)
    .orderBy(asc(apiClients.name), asc(apiClients.id));
}
