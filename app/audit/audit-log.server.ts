import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "~/db/client.server";
import { plannedRows } from "~/db/planner.server";
import { apiClients, auditLog, identities, organizations } from "~/db/schema";
import { COUNT_CAP } from "~/limits";
import {
  afterCursor,
  cursorKeysOf,
  rowsFromCursor,
  type Cursor,
  type KeysetOrder,
  unindexed,
  type SortKey,
} from "~/lists/keyset.server";
import { containsPattern, narrowsByTrigrams, pageOf } from "~/lists/list-query";
import type { Actor } from "~/permissions/actor";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { managedBy } from "~/permissions/managed-users.server";
import {
  AUDIT_VIEWS,
  countsByEstimate,
  ENTRIES_FIRST_ROWS,
  LAST_LOGIN_FIELD,
  readsEntriesFirst,
  subjectsReadOf,
  type AuditQuery,
  type AuditView,
} from "./query";
import { rowsOf } from "~/db/sql-list";

/** The audit views (issue #15 §4) at ten million rows (issue #37 §5, ADR 43). */

const actor = alias(identities, "actor");
const a = auditLog;

/** One line of the audit history (SPEC §3 Audit entry), with whom it is about and who changed it. */
export interface AuditRow {
  id: number;
  subjectId: number;
  /** The user's name or the organization's; null when it no longer exists. */
  subject: string | null;
  subjectEmail: string | null;
  operation: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  changedOn: Date;
  /** Null: the system (a job) made the change. */
  changedBy: string | null;
  /** The API client that made it for `changedBy` (issue #35 §3), when a machine did. */
  changedByClient: string | null;
}

type AuditFilter = Pick<AuditQuery, "state" | "applied">;

/** Whose entries an administrator reads, as a condition; `network`: more than a list of users. */
interface Scope {
  where: SQL;
  network: boolean;
}

/**
 * The entries an administrator may read: of the users they manage now (SPEC §6: users of their own
 * locations; the users' view joins each entry to its user), or of their own locations and those
 * locations' dealers, and the organization changes they made.
 */
async function scopeOf(database: Database, view: AuditView, actorId: number): Promise<Scope> {
  const managed = await managedBy(database, actorId);
  if (view === "users") {
    // A dealer's few users: their entries are read by their ids (the subject index), then checked.
    const byId =
      managed.ids === null ? undefined : managed.ids.length > 0 ? inArray(a.entityId, managed.ids) : sql`false`;
    return { network: managed.network, where: and(byId, managed.where)! };
  }
  // Their locations and those locations' dealers, as a list: one index read each (with their own
  // changes, a bitmap of two indexes), not a check of every organization's entry.
  const mine = dealerLocationsOfSql(actorId);
  const result = await database.execute(sql`
    select o.id from ${organizations} o where o.id in (${mine})
      or o.id in (select l.parent_id from ${organizations} l where l.id in (${mine}))`);
  const organizationIds = rowsOf<{ id: number }>(result);
  const ids = sql.param(organizationIds.map((row) => row.id));
  return {
    network: managed.network,
    // Their own changes too: the organizations a bulk import created hold nobody yet.
    where: sql`(${a.entityId} = any(${ids}::int[]) or ${a.changedBy} = ${actorId})`,
  };
}

/** A term that names an entry's record by its id. */
const idOf = (term: string) => (/^\d{1,9}$/.test(term) ? Number(term) : null);

/** A search's condition and the share of the entries it is expected to keep. */
interface Searched {
  where: SQL;
  share: number;
  /**
   * The matching users lead: their entries read user by user ("oneByOne"), or the users read first
   * and sorted by name ("sorted": the view is sorted by whom it is about). None: the entries lead.
   */
  users?: "oneByOne" | "sorted";
}

/**
 * The users' view searched: the user's name or e-mail, or their id; with `share`, the part of the
 * entries it is expected to keep. In a network, a term the trigram index narrows gathers the
 * matching users' ids first (by the planner's estimate of them): a few are read user by user
 * (their entries by the subject index); more are a set each entry is checked against; most of the
 * network is checked on each entry's user alone (nearly every entry matches).
 */
async function usersSearched(
  database: Database,
  term: string,
  scope: Scope,
  subjectSorted: boolean,
  /** The entries the other filters are expected to keep. */
  filteredEntries: number,
): Promise<Searched> {
  const pattern = containsPattern(term);
  const id = idOf(term);
  const exact = or(
    ilike(sql`${identities.firstName} || ' ' || ${identities.lastName}`, pattern),
    ilike(identities.email, pattern),
    id === null ? undefined : eq(a.entityId, id),
  )!;
  if (!scope.network || !narrowsByTrigrams(term)) return { where: exact, share: 1 };
  const lowered = containsPattern(term.toLowerCase());
  const text = sql`select s.id from ${identities} s where s.search_text like ${lowered}`;
  const [users, everyone] = await Promise.all([
    plannedRows(database, text),
    plannedRows(database, sql`select 1 from ${identities}`),
  ]);
  const share = Math.min(1, users / Math.max(1, everyone));
  const subjects = id === null ? text : sql`${text} union all select ${id}`;
  const readAs = subjectsReadOf(users);
  // (Unless the other filters keep few entries: those are read first, a date range say.)
  if (readAs !== "eachEntry" && subjectSorted && !readsEntriesFirst(filteredEntries * share)) {
    // Sorted by whom the entries are about: the matching users (the trigram index) are sorted by
    // name and their entries read user by user until the page is full; a walk of every user by
    // name would pass most of the network before the Webers.
    const matched = sql`${identities.searchText} like ${lowered}`;
    const where = and(id === null ? matched : or(matched, eq(identities.id, id)), exact)!;
    return { where, share, users: "sorted" };
  }
  switch (readAs) {
    case "byUser":
      return { where: and(sql`${a.entityId} in (${subjects})`, exact)!, share, users: "oneByOne" };
    case "asSet":
      // `+ 0`: no index on the entries' side, so the users are a hashed set, not a loop over them.
      return { where: and(sql`(${a.entityId} + 0) in (${subjects})`, exact)!, share };
    case "eachEntry":
      return { where: exact, share };
  }
}

/** The organizations' view searched: the organization's name or its id (a few thousand organizations: read first). */
function organizationsSearched(term: string): SQL {
  const id = idOf(term);
  const named = sql`select o.id from ${organizations} o where o.name ilike ${containsPattern(term)}`;
  return sql`${a.entityId} in (${id === null ? named : sql`${named} union all select ${id}`})`;
}

/** The view's conditions, and the entries the database expects them to keep (its planner's estimate, the search's share applied). */
async function conditions(
  database: Database,
  view: AuditView,
  scope: Scope,
  query: AuditFilter,
): Promise<{ where: SQL; expected: number; users: Searched["users"] }> {
  const { applied } = query;
  const filtered = and(
    eq(a.entity, AUDIT_VIEWS[view]),
    scope.where,
    applied.from ? gte(a.changedOn, applied.from) : undefined,
    applied.before ? lt(a.changedOn, applied.before) : undefined,
    applied.operation ? eq(a.operation, applied.operation) : undefined,
    applied.excludeLastLogins ? or(sql`${a.field} is null`, sql`${a.field} <> ${LAST_LOGIN_FIELD}`) : undefined,
  )!;
  // The entries' own filters are estimated well (their columns' statistics); a text's share of
  // the users is applied to them as if independent (the planner's own guess at `ilike` is a constant).
  const filteredEntries = await plannedRows(
    database,
    view === "users"
      ? sql`select 1 from ${a} join ${identities} on ${identities.id} = ${a.entityId} where ${filtered}`
      : sql`select 1 from ${a} where ${filtered}`,
  );
  const term = query.state.query;
  const searched = !term
    ? undefined
    : view === "users"
      ? await usersSearched(database, term, scope, query.state.sortBy === "subject", filteredEntries)
      : { where: organizationsSearched(term), share: 1 };
  return {
    where: and(filtered, searched?.where)!,
    expected: filteredEntries * (searched?.share ?? 1),
    users: searched?.users,
  };
}

const person = (who: typeof identities | typeof actor): SortKey[] => [
  { sql: sql`lower(${who.lastName})`, type: "text" },
  { sql: sql`lower(${who.firstName})`, type: "text" },
  { sql: sql`${who.id}`, type: "int" },
];

/**
 * One part of a view's order: its entries come together, in their keys' order, then their ids'.
 * Who changed an entry is a joined person or none (the system): the people's entries in their
 * names' order and the system's are two parts, each read in its own index's order (one sort of
 * both would have to read every entry of the network).
 */
interface OrderPart {
  order: KeysetOrder;
  /** The part's entries have a person who changed them (joined), or have none. */
  changedBy?: "person" | "none";
  /** The part is read first and sorted, whatever the view's other parts do. */
  readFirst?: boolean;
}

/**
 * Each sort's parts. A person sorts by last name, then first name, as the users list does (the
 * identities' name index: a network's history sorted by whom it is about walks the users in order
 * and reads each one's entries by the subject index). Nulls (no field, no organization, the
 * system) come last ascending and first descending.
 */
function partsOf(view: AuditView, sortBy: AuditQuery["state"]["sortBy"], descending: boolean): OrderPart[] {
  const id = sql`${a.id}`;
  const keyed = (keys: SortKey[], nullable = false): OrderPart[] => [{ order: { keys, id, nullable } }];
  switch (sortBy) {
    case "id":
      return keyed([]);
    case "subject":
      // An organization's name: a few thousand, sorted with their entries (read first, see `reader`).
      return view === "users"
        ? keyed(person(identities))
        : keyed([{ sql: sql`${organizations.name}`, type: "text" }], true);
    case "operation":
      return keyed([{ sql: sql`${a.operation}`, type: "text" }]);
    case "field":
      return keyed([{ sql: sql`${a.field}`, type: "text" }], true);
    case "changedOn":
      return keyed([{ sql: sql`${a.changedOn}`, type: "timestamptz" }]);
    case "changedBy": {
      // An organization's changes are the system's and a few administrators': theirs are read first.
      const people: OrderPart = {
        order: { keys: person(actor), id, nullable: false },
        changedBy: "person",
        readFirst: view === "organizations" ? true : undefined,
      };
      const system: OrderPart = { order: { keys: [], id, nullable: false }, changedBy: "none" };
      return descending ? [system, people] : [people, system];
    }
  }
}

async function reader(database: Database, view: AuditView, actorId: number, query: AuditFilter) {
  const scope = await scopeOf(database, view, actorId);
  const { where, expected, users } = await conditions(database, view, scope, query);
  const descending = query.state.sortType === "desc";
  const direction = descending ? desc : asc;
  const parts = partsOf(view, query.state.sortBy, descending);
  // Few matches (by the estimate) are read first and sorted; many are walked in the sort's index
  // order (a page then needs a few of them). The planner alone walks an index past millions of
  // entries when the filter's matches sit at its end (creations have no field). The organizations'
  // history (a hundredth of the whole, its entries' ids a poor guide to the planner) is walked for
  // a network, and read first for a dealer's few organizations, a search of their names, or in
  // their names' order (a joined organization may be gone: no index walk gives that order).
  const entriesFirst =
    view === "users"
      ? users === "sorted" || readsEntriesFirst(expected)
      : !scope.network || query.state.query !== "" || query.state.sortBy === "subject" || readsEntriesFirst(expected);
  // The users lead only where they give the order (walked by whom the entries are about) or are
  // a few searched for: their entries are then read user by user (the subject index). Otherwise
  // the entries are found by their own indexes (a date range, an operation, the sort's order) and
  // each is joined to its user after (`+ 0`: no index from the users' side). The planner, left to
  // itself, reads every matching user's whole history when it guesses a name matches a few.
  const usersLead = users !== undefined || (!entriesFirst && query.state.sortBy === "subject");
  const subjectJoin = usersLead ? eq(identities.id, a.entityId) : eq(identities.id, sql`${a.entityId} + 0`);
  // A walk is told to the planner: no full scan, no sort, no hash of a side it guessed small (its
  // guess at a name search is a constant: it would read the whole history and sort it).
  const readsFirst = (part?: OrderPart) => part?.readFirst ?? entriesFirst;
  const planned = <T>(read: (executor: Executor) => Promise<T>, part?: OrderPart): Promise<T> =>
    readsFirst(part)
      ? read(database)
      : database.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true), set_config('enable_hashjoin', 'off', true)`,
          );
          return read(tx);
        });
  const matching = (executor: Executor) => {
    const from = executor.select({ one: sql`1` }).from(a);
    return (view === "users" ? from.innerJoin(identities, subjectJoin) : from).where(where);
  };
  const rowsOf = (executor: Executor, part: OrderPart, condition: SQL | undefined) => {
    const { order } = part;
    const first = readsFirst(part);
    const keys = first ? [...order.keys.map(unindexed), sql`${a.id} + 0`] : [...order.keys.map((key) => key.sql), a.id];
    const from = executor
      .select({
        id: a.id,
        entityId: a.entityId,
        subject:
          view === "users"
            ? sql<string | null>`${identities.firstName} || ' ' || ${identities.lastName}`
            : sql<string | null>`${organizations.name}`,
        subjectEmail: view === "users" ? sql<string | null>`${identities.email}` : sql<null>`null`,
        operation: a.operation,
        field: a.field,
        oldValue: a.oldValue,
        newValue: a.newValue,
        changedOn: a.changedOn,
        changedBy: sql<string | null>`${actor.firstName} || ' ' || ${actor.lastName}`,
        changedByClient: apiClients.name,
        sortKeys: cursorKeysOf(order),
      })
      .from(a);
    const subjectJoined =
      view === "users"
        ? from.innerJoin(identities, subjectJoin)
        : from.leftJoin(organizations, eq(organizations.id, a.entityId));
    // Read first, the entries lead here too: no walk of every person by name to find their changes.
    const actorOn = first ? eq(actor.id, sql`${a.changedBy} + 0`) : eq(actor.id, a.changedBy);
    const actorJoined =
      part.changedBy === "person" ? subjectJoined.innerJoin(actor, actorOn) : subjectJoined.leftJoin(actor, actorOn);
    return actorJoined
      .leftJoin(apiClients, eq(apiClients.id, a.apiClientId))
      .where(and(where, part.changedBy === "none" ? sql`${actor.id} is null` : undefined, condition))
      .orderBy(...keys.map((key) => direction(key)));
  };
  const auditRow = ({ entityId, sortKeys: _keys, ...row }: Awaited<ReturnType<typeof rowsOf>>[number]): AuditRow => ({
    ...row,
    subjectId: entityId,
  });
  return {
    entriesFirst,
    /** A network's count is capped (a dealer's is exact). */
    countCap: scope.network ? COUNT_CAP : undefined,
    /** The entries, or `limit` of them at most for a network (the count stops there: a capped count). */
    count: async (limit?: number) => {
      // Far more than the count would look for, by the estimate: it is not read (ten times over a
      // broad search's matches are sparse, and the count would walk far for its last ones).
      if (limit !== undefined && scope.network && countsByEstimate(expected, limit)) return limit;
      return planned(async (executor) => {
        const counted =
          limit === undefined ? matching(executor).as("matches") : matching(executor).limit(limit).as("matches");
        return (await executor.select({ total: count() }).from(counted))[0].total;
      });
    },
    /** A window of the view: its parts' rows, one part after the other, up to the window's end. */
    read: async (limit: number, offset: number): Promise<AuditRow[]> => {
      if (parts.length === 1)
        return planned(
          async (executor) => (await rowsOf(executor, parts[0], undefined).limit(limit).offset(offset)).map(auditRow),
          parts[0],
        );
      const rows: AuditRow[] = [];
      for (const part of parts) {
        if (rows.length >= offset + limit) break;
        const wanted = offset + limit - rows.length;
        rows.push(
          ...(await planned((executor) => rowsOf(executor, part, undefined).limit(wanted), part)).map(auditRow),
        );
      }
      return rows.slice(offset, offset + limit);
    },
    /** A batch after a cursor (the first: none), and the cursor after it (null: the history's end). */
    readAfter: async (limit: number, cursor: PartCursor | null) => {
      const rows: AuditRow[] = [];
      let next: PartCursor | null = null;
      for (let index = cursor?.part ?? 0; index < parts.length && rows.length < limit; index++) {
        const part = parts[index];
        const after = cursor && cursor.part === index ? afterCursor(part.order, descending, cursor) : undefined;
        const batch = await planned((executor) => rowsOf(executor, part, after).limit(limit - rows.length), part);
        rows.push(...batch.map(auditRow));
        const last = batch.at(-1);
        next = last ? { part: index, keys: last.sortKeys, id: last.id } : next;
      }
      return { rows, next: rows.length === limit ? next : null };
    },
  };
}

/** Where an export's batch ended: the part of the order and the cursor in it. */
type PartCursor = Cursor & { part: number };

/** A page of the audit history of users or organizations (SPEC §2), newest first unless sorted otherwise. */
export async function listAudit(database: Database, actor: Actor, view: AuditView, query: AuditFilter) {
  const list = await reader(database, view, actor.identityId, query);
  return pageOf(list.count, list.read, query.state.page, query.state.rowsPerPage, list.countCap);
}

/** Rows a batch of the export reads as it walks the sort's order. */
const EXPORT_BATCH = 1_000;
/** Rows a batch of the export reads when the matches are read first (few: one batch, not one read of them all per batch). */
const ENTRIES_FIRST_BATCH = 2 * ENTRIES_FIRST_ROWS;

/** Every entry of the filtered history, in its order (the CSV export), batch after batch from a cursor. */
export async function* everyAuditEntry(
  database: Database,
  actor: Actor,
  view: AuditView,
  query: AuditFilter,
  batchSize?: number,
): AsyncGenerator<AuditRow> {
  const list = await reader(database, view, actor.identityId, query);
  const size = batchSize ?? (list.entriesFirst ? ENTRIES_FIRST_BATCH : EXPORT_BATCH);
  yield* rowsFromCursor(list.readAfter, size);
}
