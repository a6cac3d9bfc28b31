import type { Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { queuePushes } from "~/integrations/pushes.server";
import { onlySignIn } from "~/audit/query";
import type { SaveOutcome } from "./save-outcome";

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

/**
 * Writes one audit entry per changed field (or one without a field when nothing field-level
 * changed), in the caller's transaction when given one, so the change and its audit land together.
 * A change of an identity or an organization is also queued for the downstream targets there, so
 * every audited change is pushed and a change that rolls back is not (a sign-in alone is not sent).
 */
export async function recordAudit(
  database: Executor,
  entry: {
    entity: string;
    entityId: string | number;
    /** "resync": an administrator asked for the record to be pushed to every target again. */
    operation: "create" | "update" | "delete" | "move" | "resync";
    changes: FieldChange[];
    /** Null: done by the system (a job), not by a person. */
    actorId: number | null;
    at?: Date;
  },
): Promise<void> {
  const base = {
    entity: entry.entity,
    entityId: String(entry.entityId),
    operation: entry.operation,
    changedBy: entry.actorId,
    changedOn: entry.at ?? new Date(),
  };
  const rows =
    entry.changes.length > 0
      ? entry.changes.map((c) => ({ ...base, ...c }))
      : [{ ...base, field: null, oldValue: null, newValue: null }];
  await database.insert(auditLog).values(rows);
  if ((entry.entity === "identity" || entry.entity === "organization") && !onlySignIn(entry.changes)) {
    await queuePushes(database, entry.entity, Number(entry.entityId), base.changedOn);
  }
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
