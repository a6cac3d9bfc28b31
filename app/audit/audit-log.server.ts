import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { plannedRows } from "~/db/planner.server";
import { apiClients, auditLog, identities, organizations } from "~/db/schema";
import { COUNT_CAP } from "~/limits";
import { afterCursor, cursorKeysOf, type Cursor, type KeysetOrder } from "~/lists/keyset.server";
import { containsPattern, narrowsByTrigrams, pageOf } from "~/lists/list-query";
import type { Actor } from "~/permissions/actor";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { managedBy } from "~/permissions/managed-users.server";
import { AUDIT_VIEWS, LAST_LOGIN_FIELD, readsSubjectsFirst, type AuditQuery, type AuditView } from "./query";

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
  const mine = dealerLocationsOfSql(actorId);
  return {
    network: managed.network,
    // Their own changes too: the organizations a bulk import created hold nobody yet.
    where: sql`(${a.entityId} in (
      select o.id from ${organizations} o where o.id in (${mine})
        or o.id in (select l.parent_id from ${organizations} l where l.id in (${mine}))
    ) or ${a.changedBy} = ${actorId})`,
  };
}

/** A term that names an entry's record by its id. */
const idOf = (term: string) => (/^\d{1,9}$/.test(term) ? Number(term) : null);

/**
 * The users' view searched: the user's name or e-mail, or their id. A network's search whose few
 * users (by the planner's estimate) the trigram index finds reads their entries first; any other
 * walks the view's order, checking each entry's user (the index would find most of the network).
 */
async function usersSearched(database: Database, term: string, scope: Scope): Promise<SQL> {
  const pattern = containsPattern(term);
  const id = idOf(term);
  const exact = or(
    ilike(sql`${identities.firstName} || ' ' || ${identities.lastName}`, pattern),
    ilike(identities.email, pattern),
    id === null ? undefined : eq(a.entityId, id),
  )!;
  if (!scope.network || !narrowsByTrigrams(term)) return exact;
  const text = sql`select s.id from ${identities} s where s.search_text like ${containsPattern(term.toLowerCase())}`;
  if (!readsSubjectsFirst(await plannedRows(database, text))) return exact;
  const subjects = id === null ? text : sql`${text} union all select ${id}`;
  return and(sql`${a.entityId} in (${subjects})`, exact)!;
}

/** The organizations' view searched: the organization's name or its id (a few thousand organizations: read first). */
function organizationsSearched(term: string): SQL {
  const id = idOf(term);
  const named = sql`select o.id from ${organizations} o where o.name ilike ${containsPattern(term)}`;
  return sql`${a.entityId} in (${id === null ? named : sql`${named} union all select ${id}`})`;
}

async function conditions(database: Database, view: AuditView, scope: Scope, query: AuditFilter): Promise<SQL> {
  const { applied } = query;
  const term = query.state.query;
  const searched = !term
    ? undefined
    : view === "users"
      ? await usersSearched(database, term, scope)
      : organizationsSearched(term);
  return and(
    eq(a.entity, AUDIT_VIEWS[view]),
    scope.where,
    searched,
    applied.from ? gte(a.changedOn, applied.from) : undefined,
    applied.before ? lt(a.changedOn, applied.before) : undefined,
    applied.operation ? eq(a.operation, applied.operation) : undefined,
    applied.excludeLastLogins ? or(sql`${a.field} is null`, sql`${a.field} <> ${LAST_LOGIN_FIELD}`) : undefined,
  )!;
}

/**
 * Each sort's keys, then the entry's id. A person sorts by last name, then first name, as the
 * users list does (the identities' name index: a network's history sorted by whom it is about
 * walks the users in order and reads each one's entries by the subject index).
 */
function orderOf(view: AuditView, sortBy: AuditQuery["state"]["sortBy"]): KeysetOrder {
  const person = (who: typeof identities | typeof actor) =>
    [
      { sql: sql`lower(${who.lastName})`, type: "text" },
      { sql: sql`lower(${who.firstName})`, type: "text" },
      { sql: sql`${who.id}`, type: "int" },
    ] as const;
  const id = sql`${a.id}`;
  switch (sortBy) {
    case "id":
      return { keys: [], id, nullable: false };
    case "subject":
      return view === "users"
        ? { keys: person(identities), id, nullable: false }
        : { keys: [{ sql: sql`${organizations.name}`, type: "text" }], id, nullable: true };
    case "operation":
      return { keys: [{ sql: sql`${a.operation}`, type: "text" }], id, nullable: false };
    case "field":
      return { keys: [{ sql: sql`${a.field}`, type: "text" }], id, nullable: true };
    case "changedOn":
      return { keys: [{ sql: sql`${a.changedOn}`, type: "timestamptz" }], id, nullable: false };
    case "changedBy":
      // The system's entries (no person) together: last ascending, first descending.
      return { keys: person(actor), id, nullable: true };
  }
}

async function reader(database: Database, view: AuditView, actorId: number, query: AuditFilter) {
  const scope = await scopeOf(database, view, actorId);
  const where = await conditions(database, view, scope, query);
  const descending = query.state.sortType === "desc";
  const direction = descending ? desc : asc;
  const order = orderOf(view, query.state.sortBy);
  const orderBy = [...order.keys.map((key) => direction(key.sql)), direction(a.id)];
  const rowsOf = (condition: SQL | undefined) => {
    const from = database
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
    const joined =
      view === "users"
        ? from.innerJoin(identities, eq(identities.id, a.entityId))
        : from.leftJoin(organizations, eq(organizations.id, a.entityId));
    return joined
      .leftJoin(actor, eq(actor.id, a.changedBy))
      .leftJoin(apiClients, eq(apiClients.id, a.apiClientId))
      .where(and(where, condition))
      .orderBy(...orderBy);
  };
  const auditRow = ({ entityId, sortKeys: _keys, ...row }: Awaited<ReturnType<typeof rowsOf>>[number]): AuditRow => ({
    ...row,
    subjectId: entityId,
  });
  return {
    /** A network's count is capped (a dealer's is exact). */
    countCap: scope.network ? COUNT_CAP : undefined,
    /** The entries, or `limit` of them at most for a network (the count stops there: a capped count). */
    count: async (limit?: number) => {
      const matches = database.select({ one: sql`1` }).from(a);
      const joined = view === "users" ? matches.innerJoin(identities, eq(identities.id, a.entityId)) : matches;
      const filtered = joined.where(where);
      const counted = limit === undefined ? filtered.as("matches") : filtered.limit(limit).as("matches");
      return (await database.select({ total: count() }).from(counted))[0].total;
    },
    read: async (limit: number, offset: number): Promise<AuditRow[]> =>
      (await rowsOf(undefined).limit(limit).offset(offset)).map(auditRow),
    /** A batch after a cursor (the first: none), and the cursor after it (null: the history's end). */
    readAfter: async (limit: number, cursor: Cursor | null) => {
      const batch = await rowsOf(cursor ? afterCursor(order, descending, cursor) : undefined).limit(limit);
      const last = batch.at(-1);
      return {
        rows: batch.map(auditRow),
        next: batch.length === limit && last ? { keys: last.sortKeys, id: last.id } : null,
      };
    },
  };
}

/** A page of the audit history of users or organizations (SPEC §2), newest first unless sorted otherwise. */
export async function listAudit(database: Database, actor: Actor, view: AuditView, query: AuditFilter) {
  const list = await reader(database, view, actor.identityId, query);
  return pageOf(list.count, list.read, query.state.page, query.state.rowsPerPage, list.countCap);
}

/** Rows a batch of the export reads. */
const EXPORT_BATCH = 1_000;

/** Every entry of the filtered history, in its order (the CSV export), batch after batch from a cursor. */
export async function* everyAuditEntry(
  database: Database,
  actor: Actor,
  view: AuditView,
  query: AuditFilter,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<AuditRow> {
  const list = await reader(database, view, actor.identityId, query);
  let cursor: Cursor | null = null;
  do {
    const batch = await list.readAfter(batchSize, cursor);
    yield* batch.rows;
    cursor = batch.next;
  } while (cursor);
}
