import { sql, type SQL } from "drizzle-orm";

/** One key of a list's order and its type (a cursor carries the keys as text). */
export interface SortKey {
  sql: SQL;
  type: "text" | "timestamptz" | "int";
}

/**
 * A list's order: its keys, then a unique id. `nullable`: the keys are null together for some rows
 * (a nullable column, or a joined record that may be missing), which PostgreSQL sorts last
 * ascending and first descending.
 */
export interface KeysetOrder {
  keys: readonly SortKey[];
  id: SQL;
  nullable: boolean;
}

/**
 * A sort key as an expression no index has, in the same order: a list that reads its matches
 * first and sorts them, instead of walking the key's index.
 */
export function unindexed(key: SortKey): SQL {
  if (key.type === "text") return sql`${key.sql} || ''`;
  if (key.type === "timestamptz") return sql`${key.sql} + interval '0 seconds'`;
  return sql`${key.sql} + 0`;
}

/** Where an export's last batch ended: its last row's keys (as text; null for a null group) and id. */
export interface Cursor {
  keys: (string | null)[];
  id: number;
}

/** The row's keys as the cursor carries them: an array of text, to select beside the row. */
export function cursorKeysOf(order: KeysetOrder): SQL<(string | null)[]> {
  if (order.keys.length === 0) return sql<(string | null)[]>`array[]::text[]`;
  return sql<(string | null)[]>`array[${sql.join(
    order.keys.map((key) => sql`(${key.sql})::text`),
    sql`, `,
  )}]`;
}

/**
 * The rows after a cursor in the list's order: one index range, however far into the list (an
 * offset would pass every row before it, batch after batch).
 */
export function afterCursor(order: KeysetOrder, descending: boolean, cursor: Cursor): SQL {
  const op = descending ? sql`<` : sql`>`;
  const values = order.keys.map((key, n) => sql`${cursor.keys[n]}::${sql.raw(key.type)}`);
  const row = (parts: SQL[]) => (parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql`, `)})`);
  const after = sql`${row([...order.keys.map((key) => key.sql), order.id])} ${op} ${row([...values, sql`${cursor.id}`])}`;
  if (!order.nullable || order.keys.length === 0) return after;
  const first = order.keys[0].sql;
  if (cursor.keys[0] === null)
    return descending
      ? sql`((${first} is null and ${order.id} < ${cursor.id}) or ${first} is not null)`
      : sql`(${first} is null and ${order.id} > ${cursor.id})`;
  return descending ? after : sql`(${after} or ${first} is null)`;
}

/** Every row of a list read batch after batch, each from the cursor the one before ended at (the CSV exports). */
export async function* rowsFromCursor<T, C>(
  readAfter: (limit: number, cursor: C | null) => Promise<{ rows: T[]; next: C | null }>,
  batchSize: number,
): AsyncGenerator<T> {
  let cursor: C | null = null;
  do {
    const batch = await readAfter(batchSize, cursor);
    yield* batch.rows;
    cursor = batch.next;
  } while (cursor);
}
