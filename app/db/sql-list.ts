import { sql, type SQL } from "drizzle-orm";

/** Values as a parenthesised SQL list for `in`; none gives `(null)`, which nothing is in. */
export function sqlList(values: readonly (number | string)[]): SQL {
  return values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;
}

/** The rows of a raw `execute`: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
