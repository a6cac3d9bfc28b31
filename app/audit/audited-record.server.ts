import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { fieldChanges, recordAudit, stampRefusal } from "./audit-writer.server";
import type { SaveOutcome } from "../forms/save-outcome";

/**
 * How one kind of administered record is saved: its table and columns, what refuses a save before
 * anything is written, the links it keeps in other tables, and what its audit compares.
 */
export interface AuditedRecordSpec<
  Input extends { updatedAt?: string },
  Audited extends Record<string, unknown>,
  Refusal,
> {
  entity: string;
  table: PgTable;
  idColumn: PgColumn;
  columns: (input: Input) => Record<string, unknown>;
  refusal: (tx: Transaction, id: number | null, input: Input) => Promise<Refusal | null>;
  writeLinks: (tx: Transaction, id: number, input: Input) => Promise<void>;
  /** The stored record as its audit sees it (null when missing). */
  stored: (tx: Transaction, id: number) => Promise<Audited | null>;
  /** The input as its audit sees it. */
  audited: (input: Input) => Audited;
  fields: readonly (keyof Audited & string)[];
}

/** Create and edit-with-stamp for one kind of record: refusals first, then the row, its links and its audit, in one transaction. */
export function auditedRecord<Input extends { updatedAt?: string }, Audited extends Record<string, unknown>, Refusal>(
  spec: AuditedRecordSpec<Input, Audited, Refusal>,
) {
  // Drizzle cannot follow a generic table through insert() and update(): the spec's columns are the table's own.
  const table = spec.table as PgTable & Record<string, PgColumn>;
  return {
    async create(
      database: Database,
      input: Input,
      actorId: number,
    ): Promise<{ kind: "created"; id: number } | Refusal> {
      return database.transaction(async (tx) => {
        const refused = await spec.refusal(tx, null, input);
        if (refused) return refused;
        const now = new Date();
        const [row] = (await tx
          .insert(table)
          .values({ ...spec.columns(input), createdAt: now, updatedAt: now } as never)
          .returning({ id: spec.idColumn })) as { id: number }[];
        await spec.writeLinks(tx, row.id, input);
        await recordAudit(tx, {
          entity: spec.entity,
          entityId: row.id,
          operation: "create",
          changes: fieldChanges(null, spec.audited(input), spec.fields),
          actorId,
          at: now,
        });
        return { kind: "created" as const, id: row.id };
      });
    },

    /** Saves an edit when the posted stamp is the record's current one; otherwise a conflict, and nothing changes. */
    async update(database: Database, id: number, input: Input, actorId: number): Promise<SaveOutcome | Refusal> {
      return database.transaction(async (tx) => {
        const [locked] = (await tx.select().from(table).where(eq(spec.idColumn, id)).for("update")) as {
          updatedAt: Date;
        }[];
        const stale = stampRefusal(locked, input.updatedAt);
        if (stale) return stale;
        const refused = await spec.refusal(tx, id, input);
        if (refused) return refused;
        const before = await spec.stored(tx, id);
        const now = new Date();
        await tx
          .update(table)
          .set({ ...spec.columns(input), updatedAt: now } as never)
          .where(eq(spec.idColumn, id));
        await spec.writeLinks(tx, id, input);
        await recordAudit(tx, {
          entity: spec.entity,
          entityId: id,
          operation: "update",
          changes: fieldChanges(before, spec.audited(input), spec.fields),
          actorId,
          at: now,
        });
        return { kind: "saved" as const };
      });
    },
  };
}
