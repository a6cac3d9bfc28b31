import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities } from "~/db/schema";
import { containsPattern, narrowsByTrigrams, pageOf, prefixPattern, type ListPage } from "~/lists/list-query";
import { COUNT_CAP, PAGE_SIZE } from "~/limits";
import { deactivatesInDays } from "./dormancy";
import { deactivatesWithinFirstWarning } from "./dormancy.server";

import { lastLoginCutoff, userStatusOf, type UserListState, type UserSort, type UserStatus } from "./list-options";
import { readsMatchesFirst, type SearchEstimate } from "./list-plan";
import { managedBy } from "~/permissions/managed-users.server";
import { plannedRows } from "~/db/planner.server";
import {
  afterCursor,
  cursorKeysOf,
  rowsFromCursor,
  type Cursor,
  type KeysetOrder,
  unindexed,
  type SortKey,
} from "~/lists/keyset.server";

/** The users list (issue #14 §2) at a million users (issue #37 §4, ADR 42): search, filters, sorts, a capped count. */

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
  /** Issue #39 §4: days left before auto-deactivation, from the first warning on; null otherwise. */
  deactivatesIn: number | null;
  /** Issue #39 §5: when the deactivated user asked to be active again; null otherwise. */
  reactivationRequestedAt: Date | null;
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

/** The planner's estimates for a network search: its text's matches, all its filters' and the users. */
async function searchEstimate(
  database: Executor,
  term: string,
  filters: SQL | undefined,
  sortBy: UserSort,
): Promise<SearchEstimate> {
  // The sort's first key where the search reads it too, as indexed (its statistics are the index's).
  const prefixed = { name: sql`lower(${identities.lastName})`, email: sql`lower(${identities.email})` }[
    sortBy as "name" | "email"
  ];
  const prefix = prefixPattern(term.toLowerCase());
  const [textMatches, matches, users, sortKeyPrefixMatches] = await Promise.all([
    plannedRows(database, sql`select 1 from ${identities} where ${searched(term)}`),
    plannedRows(database, sql`select 1 from ${identities} where ${filters ?? sql`true`}`),
    plannedRows(database, sql`select 1 from ${identities}`),
    prefixed ? plannedRows(database, sql`select 1 from ${identities} where ${prefixed} like ${prefix}`) : 0,
  ]);
  return { textMatches, matches, users, sortKeyPrefixMatches };
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

/** Each sort's keys' type (a cursor carries them as text) and whether one may be null (one key then). */
const SORT_KEY_TYPES: Record<UserSort, { type: SortKey["type"]; nullable: boolean }> = {
  name: { type: "text", nullable: false },
  email: { type: "text", nullable: false },
  location: { type: "text", nullable: true },
  lastLogin: { type: "timestamptz", nullable: true },
  status: { type: "int", nullable: false },
};

/** A sort's order for the export's cursor. */
function keysetOf(sortBy: UserSort): KeysetOrder {
  const { type, nullable } = SORT_KEY_TYPES[sortBy];
  return { keys: SORTS[sortBy].map((key) => ({ sql: key, type })), id: sql`${identities}.id`, nullable };
}

/** Issue #39 §5: deactivated, and asked to be active again (a partial index holds these few). */
const reactivationRequested = and(eq(identities.status, "inactive"), isNotNull(identities.reactivationRequestedAt));

/** How many of an administrator's users ask to be active again (the users list's notice). */
export async function reactivationRequestCount(database: Executor, actor: Actor): Promise<number> {
  const scope = await managedBy(database, actor.identityId);
  const [row] = await database
    .select({ total: count() })
    .from(identities)
    .where(and(scope.where, reactivationRequested));
  return row?.total ?? 0;
}

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
    state.deactivation === "soon" ? deactivatesWithinFirstWarning(now) : undefined,
    state.deactivation === "reactivationRequested" ? reactivationRequested : undefined,
  );
}

async function reader(
  database: Executor,
  actorId: number,
  state: Partial<UserListState>,
  now: Date,
  /** The page's end; null: the export, which walks the whole list in its order. */
  rowsWanted: number | null,
) {
  const scope = await managedBy(database, actorId);
  const where = filtersOf(scope.where, state, now, scope.network);
  const term = state.query?.trim() ?? "";
  const sortBy = state.sortBy ?? "name";
  const matchesFirst =
    rowsWanted !== null &&
    scope.network &&
    term !== "" &&
    readsMatchesFirst(term, await searchEstimate(database, term, filtersOf(undefined, state, now), sortBy), rowsWanted);
  const descending = state.sortType === "desc";
  const direction = descending ? desc : asc;
  // A search that reads its matches first sorts them by a first key no index has (the same order).
  const [first, ...rest] = keysetOf(sortBy).keys;
  const keys = [matchesFirst ? unindexed(first) : first.sql, ...rest.map((key) => key.sql)];
  // Ties go the sort's way too: a descending page is then the index read backwards, not a group
  // of equal keys (every user never signed in) sorted again.
  const order = [...keys.map((key) => direction(key)), direction(identities.id)];
  const rowsOf = (condition: SQL | undefined) =>
    database
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
        createdAt: identities.createdAt,
        dormancyExemptUntil: identities.dormancyExemptUntil,
        reactivationRequestedAt: identities.reactivationRequestedAt,
        sortKeys: cursorKeysOf(keysetOf(sortBy)),
      })
      .from(identities)
      .where(and(where, condition))
      .orderBy(...order);
  const listRow = ({
    emailVerifiedAt,
    verificationExpiredAt,
    status,
    createdAt,
    dormancyExemptUntil,
    sortKeys: _keys,
    ...row
  }: Awaited<ReturnType<typeof rowsOf>>[number]): UserListRow => ({
    ...row,
    status: userStatusOf({ status, emailVerifiedAt, verificationExpiredAt }),
    deactivatesIn: deactivatesInDays({ status, lastLoginAt: row.lastLoginAt, createdAt, dormancyExemptUntil }, now),
  });
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
    read: async (limit: number, offset: number): Promise<UserListRow[]> =>
      (await rowsOf(undefined).limit(limit).offset(offset)).map(listRow),
    /** A batch after a cursor (the first: none), and the cursor after it (null: the list's end). */
    readAfter: async (limit: number, cursor: Cursor | null) => {
      const batch = await rowsOf(cursor ? afterCursor(keysetOf(sortBy), descending, cursor) : undefined).limit(limit);
      const last = batch.at(-1);
      return {
        rows: batch.map(listRow),
        next: batch.length === limit && last ? { keys: last.sortKeys, id: last.id } : null,
      };
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

/** Rows a batch of the export reads. */
const EXPORT_BATCH = 1_000;

/** Every user of the filtered list, in its order (the CSV export), batch after batch from a cursor. */
export async function* everyListedUser(
  database: Database,
  actor: Actor,
  options: UserListOptions,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<UserListRow> {
  const list = await reader(database, actor.identityId, options, options.now ?? new Date(), null);
  yield* rowsFromCursor(list.readAfter, batchSize);
}
