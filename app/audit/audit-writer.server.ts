import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { SaveOutcome } from "~/forms/save-outcome";
import { actingApiClient } from "~/server-context/acting-api-client.server";

export interface FieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** JSON with object keys in a fixed order, so a value read back from jsonb (which reorders keys) compares equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  return canonicalJson(value);
}

/** The fields whose values differ between two versions of a record, as audit text. */
export function fieldChanges<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const oldValue = asText(before?.[field]);
    const newValue = asText(after?.[field]);
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** One audited change of one record. */
export interface AuditEntry {
  entity: string;
  entityId: number;
  /**
   * "resync": an administrator asked for the record to be pushed to every target again; "call":
   * an API client called the API (issue #35 §3); "previewed": an administrator looked at the
   * portal as the user sees it (issue #39 §2), nothing changed.
   */
  operation: "create" | "update" | "delete" | "move" | "resync" | "call" | "previewed";
  changes: FieldChange[];
  /** Null: done by the system (a job), not by a person. */
  actorId: number | null;
  /** The API client acting for `actorId`; by default the request's (issue #35 §3). */
  apiClientId?: number;
  at?: Date;
}

/** An audited change as its listeners see it: the entry, with the time it was written at. */
export type AuditedChange = AuditEntry & { at: Date };

/** Told of audited changes in their own transaction (`executor`), after their audit rows are written. */
export type AuditedChangesListener = (executor: Executor, changes: readonly AuditedChange[]) => Promise<void>;

const auditListeners = new Set<AuditedChangesListener>();

/**
 * Subscribes a listener to every audited change from now on, in the change's own transaction, so
 * what it writes lands with the change or rolls back with it. A listener subscribed again is still
 * told once.
 */
export function onAuditedChanges(listener: AuditedChangesListener): void {
  auditListeners.add(listener);
}

/**
 * Writes one audit entry per changed field (or one without a field when nothing field-level
 * changed), in the caller's transaction when given one, so the change and its audit land together;
 * then tells the subscribed listeners (`onAuditedChanges`) there.
 */
export async function recordAudit(database: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(database, [entry]);
}

/** `recordAudit` for many records at once (a bulk import): a few statements, not one per record. */
export async function recordAudits(database: Executor, entries: readonly AuditEntry[]): Promise<void> {
  const now = new Date();
  const changes = entries.map((entry): AuditedChange => ({ ...entry, at: entry.at ?? now }));
  // A change an API client makes names it beside the person it acts for (issue #35 §3).
  const client = actingApiClient();
  const rows = changes.flatMap((change): (typeof auditLog.$inferInsert)[] => {
    const base = {
      entity: change.entity,
      entityId: change.entityId,
      operation: change.operation,
      changedBy: change.actorId,
      changedOn: change.at,
      apiClientId: change.apiClientId ?? (client && change.actorId === client.creatorId ? client.id : null),
    };
    return change.changes.length > 0
      ? change.changes.map((c) => ({ ...base, ...c }))
      : [{ ...base, field: null, oldValue: null, newValue: null }];
  });
  if (rows.length === 1) await database.insert(auditLog).values(rows);
  else if (rows.length > 1) await insertAuditRows(database, rows);
  if (changes.length === 0) return;
  for (const listener of auditListeners) await listener(database, changes);
}

/**
 * Many audit rows in one statement of nine array parameters (unnest): a bulk import writes ten
 * thousands, and building a VALUES list of that size costs more than the database's work.
 */
async function insertAuditRows(database: Executor, rows: readonly (typeof auditLog.$inferInsert)[]) {
  const column = <T>(pick: (row: typeof auditLog.$inferInsert) => T) => sql.param(rows.map(pick));
  await database.execute(sql`
    insert into ${auditLog} (entity, entity_id, operation, field, old_value, new_value, changed_on, changed_by, api_client_id)
    select * from unnest(
      ${column((r) => r.entity)}::text[], ${column((r) => r.entityId)}::int4[], ${column((r) => r.operation)}::text[],
      ${column((r) => r.field ?? null)}::text[], ${column((r) => r.oldValue ?? null)}::text[],
      ${column((r) => r.newValue ?? null)}::text[],
      ${column((r) => (r.changedOn instanceof Date ? r.changedOn : new Date()).toISOString())}::timestamptz[],
      ${column((r) => r.changedBy ?? null)}::int4[], ${column((r) => r.apiClientId ?? null)}::int4[])`);
}

/**
 * Whether a save may go ahead on the record read for update: a missing record, or a stamp that is
 * not the record's current one (a stale edit), ends it with that outcome; null means go ahead.
 */
export function stampRefusal(current: { updatedAt: Date } | undefined, stamp: string | undefined): SaveOutcome | null {
  if (!current) return { kind: "missing" };
  const currentStamp = current.updatedAt.toISOString();
  return stamp === currentStamp ? null : { kind: "conflict", currentStamp };
}
