import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { catalogueWrite } from "~/server-context/catalogue-write.server";
import type { SaveOutcome } from "~/forms/save-outcome";
import type { Actor } from "~/permissions/actor";
import { fieldChanges, recordAudit, stampRefusal } from "./audit-writer.server";

/** A record's audited fields, of whatever type its table stores them in. */
type AuditView<Audited> = { [Field in keyof Audited]?: unknown } | null;

/** A save that did not go ahead for its stamp: the record is missing, or the stamp is not its current one. */
type Unsaved = Exclude<SaveOutcome, { kind: "saved" }>;

/**
 * How one kind of administered record is saved: its table and columns, who reaches which record,
 * what refuses a save or a delete before anything is written, the links it keeps in other tables,
 * and what its audit compares.
 */
export interface AuditedRecordSpec<
  Table extends PgTable,
  Input extends object,
  Audited extends Record<string, unknown>,
  Refusal extends { kind: string },
  DeleteRefusal extends { kind: string } = never,
> {
  entity: string;
  table: Table;
  idColumn: PgColumn;
  /**
   * The cached catalogue the table is (ADR 14), if any: each write is then a catalogue write, whose
   * transaction bumps the catalogue's version and after which this process drops its copy.
   */
  catalogue?: string;
  /** The table keeps who changed a row last (its `modifiedBy` column). */
  keepsEditor?: boolean;
  columns: (input: Input) => Record<string, unknown>;
  /** Columns a new row takes from the rows already there (its place at the end of an order), read in its transaction. */
  newRowColumns?: (tx: Transaction) => Promise<Record<string, unknown>>;
  /** Whether the actor reaches a stored record (within their scope): one they do not is missing for them. */
  reaches?: (stored: Table["$inferSelect"]) => boolean;
  /** Why the actor may not write this input wherever it is stored (brands not theirs): checked first, before the stamp. */
  scopeRefusal?: (input: Input) => Refusal | null;
  /** Why a save is refused, read in its transaction after the stamp (a taken name, a cycle …). */
  refusal?: (tx: Transaction, id: number | null, input: Input) => Promise<Refusal | null>;
  /** Why a delete is refused, read in its transaction (a record still in use). */
  deleteRefusal?: (tx: Transaction, id: number) => Promise<DeleteRefusal | null>;
  writeLinks?: (tx: Transaction, id: number, input: Input) => Promise<void>;
  /**
   * The stored record as its audit sees it (its audited fields), from its row read for the write;
   * the row itself when its columns are its audited fields.
   */
  stored?: (
    tx: Transaction,
    id: number,
    row: Table["$inferSelect"],
  ) => AuditView<Audited> | Promise<AuditView<Audited>>;
  /** The input as its audit sees it. */
  audited: (input: Input) => Audited;
  fields: readonly (keyof Audited & string)[];
}

/**
 * Create, edit (with the stamp it was read with, or — for a change that is no editor's form — without
 * one) and delete for one kind of record. Each runs in one transaction: the refusals first, then the
 * row, its links and its audit (a catalogue's version bump with them). The spec is the same for
 * everyone, or made for the acting user (their scope, what they may grant) at each write, so a
 * domain declares its record once.
 */
export function auditedRecord<
  Table extends PgTable,
  Input extends object,
  Audited extends Record<string, unknown>,
  Refusal extends { kind: string },
  DeleteRefusal extends { kind: string } = never,
>(
  specOf:
    | AuditedRecordSpec<Table, Input, Audited, Refusal, DeleteRefusal>
    | ((actor: Actor) => AuditedRecordSpec<Table, Input, Audited, Refusal, DeleteRefusal>),
) {
  type Row = Table["$inferSelect"];

  /** The spec for one actor, with what each of its writes needs. */
  function writerFor(actor: Actor) {
    const spec = typeof specOf === "function" ? specOf(actor) : specOf;
    // Drizzle cannot follow a generic table through insert() and update(): the spec's columns are the table's own.
    const table = spec.table as unknown as PgTable & Record<string, PgColumn>;
    return {
      spec,
      table,
      transaction: <T>(database: Database, work: (tx: Transaction) => Promise<T>) =>
        spec.catalogue ? catalogueWrite(database, spec.catalogue, work) : database.transaction(work),
      editor: spec.keepsEditor ? { modifiedBy: actor.identityId } : {},
      /** The record read for a write (its row locked), when it is there and the actor reaches it. */
      async lockedRow(tx: Transaction, id: number): Promise<Row | null> {
        const [row] = (await tx.select().from(table).where(eq(spec.idColumn, id)).for("update")) as Row[];
        return row && (spec.reaches?.(row) ?? true) ? row : null;
      },
    };
  }

  /** An edit: missing, out of scope, stale (when stamped) or refused changes nothing; otherwise saved (with the row as it was). */
  async function edit(
    database: Database,
    actor: Actor,
    id: number,
    input: Input & { updatedAt?: string },
    stamped: boolean,
  ): Promise<{ kind: "saved"; row: Row } | Unsaved | Refusal> {
    const { spec, table, transaction, editor, lockedRow } = writerFor(actor);
    return transaction(database, async (tx) => {
      const row = await lockedRow(tx, id);
      if (!row) return { kind: "missing" as const };
      const outOfScope = spec.scopeRefusal?.(input);
      if (outOfScope) return outOfScope;
      const stale = stamped ? stampRefusal(row as { updatedAt: Date }, input.updatedAt) : null;
      if (stale) return stale as Unsaved;
      const refused = await spec.refusal?.(tx, id, input);
      if (refused) return refused;
      const before = spec.stored ? await spec.stored(tx, id, row) : row;
      const now = new Date();
      await tx
        .update(table)
        .set({ ...spec.columns(input), ...editor, updatedAt: now } as never)
        .where(eq(spec.idColumn, id));
      await spec.writeLinks?.(tx, id, input);
      await recordAudit(tx, {
        entity: spec.entity,
        entityId: id,
        operation: "update",
        changes: fieldChanges<NonNullable<AuditView<Audited>>>(before, spec.audited(input), spec.fields),
        actorId: actor.identityId,
        at: now,
      });
      return { kind: "saved" as const, row };
    });
  }

  return {
    /** Creates the record unless something refuses it (then nothing is written). */
    async create(database: Database, actor: Actor, input: Input): Promise<{ kind: "created"; id: number } | Refusal> {
      const { spec, table, transaction, editor } = writerFor(actor);
      const outOfScope = spec.scopeRefusal?.(input);
      if (outOfScope) return outOfScope;
      return transaction(database, async (tx) => {
        const refused = await spec.refusal?.(tx, null, input);
        if (refused) return refused;
        const placed = await spec.newRowColumns?.(tx);
        const now = new Date();
        const [row] = (await tx
          .insert(table)
          .values({ ...spec.columns(input), ...placed, ...editor, createdAt: now, updatedAt: now } as never)
          .returning({ id: spec.idColumn })) as { id: number }[];
        await spec.writeLinks?.(tx, row.id, input);
        await recordAudit(tx, {
          entity: spec.entity,
          entityId: row.id,
          operation: "create",
          changes: fieldChanges(null, spec.audited(input), spec.fields),
          actorId: actor.identityId,
          at: now,
        });
        return { kind: "created" as const, id: row.id };
      });
    },

    /** Saves an edit when the posted stamp (`input.updatedAt`) is the record's current one; otherwise a conflict, and nothing changes. */
    async update(
      database: Database,
      actor: Actor,
      id: number,
      input: Input & { updatedAt?: string },
    ): Promise<SaveOutcome | Refusal> {
      const outcome = await edit(database, actor, id, input, true);
      return outcome.kind === "saved" ? { kind: "saved" } : outcome;
    },

    /**
     * Saves a change that no editor read first (a new file for a document): no stamp to compare.
     * Answers the row as it was before, or why nothing changed.
     */
    overwrite(database: Database, actor: Actor, id: number, input: Input) {
      return edit(database, actor, id, input, false);
    },

    /** Deletes the record unless it is missing for the actor or something refuses it; answers the row deleted. */
    async remove(
      database: Database,
      actor: Actor,
      id: number,
    ): Promise<{ kind: "deleted"; row: Row } | { kind: "missing" } | DeleteRefusal> {
      const { spec, table, transaction, lockedRow } = writerFor(actor);
      return transaction(database, async (tx) => {
        const row = await lockedRow(tx, id);
        if (!row) return { kind: "missing" as const };
        const refused = await spec.deleteRefusal?.(tx, id);
        if (refused) return refused;
        const before = spec.stored ? await spec.stored(tx, id, row) : row;
        await tx.delete(table).where(eq(spec.idColumn, id));
        await recordAudit(tx, {
          entity: spec.entity,
          entityId: id,
          operation: "delete",
          changes: fieldChanges<NonNullable<AuditView<Audited>>>(before, null, spec.fields),
          actorId: actor.identityId,
        });
        return { kind: "deleted" as const, row };
      });
    },
  };
}

/**
 * A record's writes as a domain exports them when the caller needs no more than this: create
 * answers the new id or the refusal, update the save outcome or the refusal, remove whether a
 * record was deleted (a missing one, or one the actor does not reach, was not).
 */
export function recordWrites<Input, Refusal extends { kind: string }, Update>(record: {
  create(database: Database, actor: Actor, input: Input): Promise<{ kind: "created"; id: number } | Refusal>;
  update: Update;
  remove(database: Database, actor: Actor, id: number): Promise<{ kind: string }>;
}) {
  return {
    async create(database: Database, actor: Actor, input: Input): Promise<number | Refusal> {
      const outcome = await record.create(database, actor, input);
      // A refusal names a reason, never "created": the generic types cannot tell the two apart.
      return outcome.kind === "created" ? (outcome as { id: number }).id : (outcome as Refusal);
    },
    update: record.update,
    async remove(database: Database, actor: Actor, id: number): Promise<boolean> {
      return (await record.remove(database, actor, id)).kind === "deleted";
    },
  };
}
