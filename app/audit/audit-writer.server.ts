import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { queuePushes } from "~/integrations/pushes.server";
import { onlySignIn } from "~/audit/query";
import type { SaveOutcome } from "../forms/save-outcome";

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
  entityId: string | number;
  /** "resync": an administrator asked for the record to be pushed to every target again. */
  operation: "create" | "update" | "delete" | "move" | "resync";
  changes: FieldChange[];
  /** Null: done by the system (a job), not by a person. */
  actorId: number | null;
  at?: Date;
}

/**
 * Writes one audit entry per changed field (or one without a field when nothing field-level
 * changed), in the caller's transaction when given one, so the change and its audit land together.
 * A change of an identity or an organization is also queued for the downstream targets there, so
 * every audited change is pushed and a change that rolls back is not (a sign-in alone is not sent).
 */
export async function recordAudit(database: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(database, [entry]);
}

/** `recordAudit` for many records at once (a bulk import): a few statements, not one per record. */
export async function recordAudits(database: Executor, entries: readonly AuditEntry[]): Promise<void> {
  const now = new Date();
  const rows = entries.flatMap((entry): (typeof auditLog.$inferInsert)[] => {
    const base = {
      entity: entry.entity,
      entityId: String(entry.entityId),
      operation: entry.operation,
      changedBy: entry.actorId,
      changedOn: entry.at ?? now,
    };
    return entry.changes.length > 0
      ? entry.changes.map((c) => ({ ...base, ...c }))
      : [{ ...base, field: null, oldValue: null, newValue: null }];
  });
  if (rows.length === 1) await database.insert(auditLog).values(rows);
  else if (rows.length > 1) await insertAuditRows(database, rows);
  // Pushed subjects by kind and time (an import's entries share one time, so one queue call each).
  const pushed = new Map<string, { kind: "identity" | "organization"; at: Date; ids: number[] }>();
  for (const entry of entries) {
    if ((entry.entity !== "identity" && entry.entity !== "organization") || onlySignIn(entry.changes)) continue;
    const at = entry.at ?? now;
    const key = `${entry.entity} ${at.getTime()}`;
    const group = pushed.get(key) ?? { kind: entry.entity, at, ids: [] };
    group.ids.push(Number(entry.entityId));
    pushed.set(key, group);
  }
  for (const group of pushed.values()) await queuePushes(database, group.kind, group.ids, group.at);
}

/**
 * Many audit rows in one statement of eight array parameters (unnest): a bulk import writes ten
 * thousands, and building a VALUES list of that size costs more than the database's work.
 */
async function insertAuditRows(database: Executor, rows: readonly (typeof auditLog.$inferInsert)[]) {
  const column = <T>(pick: (row: typeof auditLog.$inferInsert) => T) => sql.param(rows.map(pick));
  await database.execute(sql`
    insert into ${auditLog} (entity, entity_id, operation, field, old_value, new_value, changed_on, changed_by)
    select * from unnest(
      ${column((r) => r.entity)}::text[], ${column((r) => r.entityId)}::text[], ${column((r) => r.operation)}::text[],
      ${column((r) => r.field ?? null)}::text[], ${column((r) => r.oldValue ?? null)}::text[],
      ${column((r) => r.newValue ?? null)}::text[],
      ${column((r) => (r.changedOn instanceof Date ? r.changedOn : new Date()).toISOString())}::timestamptz[],
      ${column((r) => r.changedBy ?? null)}::int4[])`);
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
