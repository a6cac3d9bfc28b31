import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { apiClients, auditLog, identities, organizations, roleAssignments } from "~/db/schema";
import { containsPattern, everyRow, pageOf } from "~/lists/list-query";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import type { Actor } from "~/permissions/actor";
import { AUDIT_VIEWS, LAST_LOGIN_FIELD, type AuditQuery, type AuditView } from "./query";

const actor = alias(identities, "actor");
const subjectUser = alias(identities, "subject_user");
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

/**
 * The entries an administrator may read: of the users they manage now (SPEC §6: users of their own
 * locations), or of their own locations and those locations' dealers, and the organization changes they made.
 */
function scope(view: AuditView, actorId: number): SQL {
  const mine = dealerLocationsOfSql(actorId);
  if (view === "users") {
    return sql`${a.entityId} in (
      select ra.identity_id::text from ${roleAssignments} ra where ra.organization_id in (${mine})
    )`;
  }
  // Their own changes too: the organizations a bulk import created hold nobody yet.
  return sql`(${a.entityId} in (
    select o.id::text from ${organizations} o where o.id in (${mine})
      or o.id in (select l.parent_id from ${organizations} l where l.id in (${mine}))
  ) or ${a.changedBy} = ${actorId})`;
}

function subjectName(view: AuditView): SQL<string | null> {
  return view === "users"
    ? sql<string | null>`${subjectUser.firstName} || ' ' || ${subjectUser.lastName}`
    : sql<string | null>`${organizations.name}`;
}

function conditions(view: AuditView, actorId: number, query: Pick<AuditQuery, "state" | "applied">): SQL {
  const { applied } = query;
  const text = query.state.query;
  const pattern = containsPattern(text);
  const searched = !text
    ? undefined
    : view === "users"
      ? or(
          ilike(sql`${subjectUser.firstName} || ' ' || ${subjectUser.lastName}`, pattern),
          ilike(subjectUser.email, pattern),
          eq(a.entityId, text),
        )
      : or(ilike(organizations.name, pattern), eq(a.entityId, text));
  return and(
    eq(a.entity, AUDIT_VIEWS[view]),
    scope(view, actorId),
    searched,
    applied.from ? gte(a.changedOn, applied.from) : undefined,
    applied.before ? lt(a.changedOn, applied.before) : undefined,
    applied.operation ? eq(a.operation, applied.operation) : undefined,
    applied.excludeLastLogins ? or(sql`${a.field} is null`, ne(a.field, LAST_LOGIN_FIELD)) : undefined,
  )!;
}

function reader(database: Database, view: AuditView, actorId: number, query: Pick<AuditQuery, "state" | "applied">) {
  const where = conditions(view, actorId, query);
  const direction = query.state.sortType === "asc" ? asc : desc;
  const sorts: Record<AuditQuery["state"]["sortBy"], SQL | typeof a.id> = {
    id: a.id,
    subject: subjectName(view),
    operation: sql`${a.operation}`,
    field: sql`${a.field}`,
    changedOn: sql`${a.changedOn}`,
    changedBy: sql`${actor.lastName} || ' ' || ${actor.firstName}`,
  };
  const base = (fields: Record<string, unknown>) => {
    const from = database
      .select(fields as never)
      .from(a)
      .leftJoin(actor, eq(actor.id, a.changedBy))
      .leftJoin(apiClients, eq(apiClients.id, a.apiClientId));
    return view === "users"
      ? from.leftJoin(subjectUser, sql`${subjectUser.id}::text = ${a.entityId}`)
      : from.leftJoin(organizations, sql`${organizations.id}::text = ${a.entityId}`);
  };
  return {
    count: async () => {
      const [row] = (await base({ total: count() }).where(where)) as { total: number }[];
      return row.total;
    },
    read: async (limit: number, offset: number): Promise<AuditRow[]> => {
      const rows = (await base({
        id: a.id,
        entityId: a.entityId,
        subject: subjectName(view),
        subjectEmail: view === "users" ? subjectUser.email : sql<null>`null`,
        operation: a.operation,
        field: a.field,
        oldValue: a.oldValue,
        newValue: a.newValue,
        changedOn: a.changedOn,
        changedBy: sql<string | null>`${actor.firstName} || ' ' || ${actor.lastName}`,
        changedByClient: apiClients.name,
      })
        .where(where)
        .orderBy(direction(sorts[query.state.sortBy]), direction(a.id))
        .limit(limit)
        .offset(offset)) as unknown as (Omit<AuditRow, "subjectId"> & { entityId: string })[];
      return rows.map(({ entityId, ...row }) => ({ ...row, subjectId: Number(entityId) }));
    },
  };
}

/** A page of the audit history of users or organizations (SPEC §2), newest first unless sorted otherwise. */
export function listAudit(
  database: Database,
  actor: Actor,
  view: AuditView,
  query: Pick<AuditQuery, "state" | "applied">,
) {
  const list = reader(database, view, actor.identityId, query);
  return pageOf(list.count, list.read, query.state.page, query.state.rowsPerPage);
}

/** Every entry of the filtered history, in its order (the CSV export). */
export function everyAuditEntry(
  database: Database,
  actor: Actor,
  view: AuditView,
  query: Pick<AuditQuery, "state" | "applied">,
) {
  return everyRow(reader(database, view, actor.identityId, query).read);
}
