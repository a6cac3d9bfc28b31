import { and, asc, count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { PAGE_SIZE } from "~/limits";
import { containsPattern, everyRow, pageOf, type ListPage } from "./list-query";
import type { TableState } from "./table-state";

/**
 * What an administration list is asked for: its table state (URL), the list's own filters and
 * scope as a condition, and, for tests, a page size.
 */
export type ListOptions<K extends string> = Partial<TableState<K>> & { pageSize?: number; where?: SQL };

/**
 * One administration list over one table: the search (text contained in any of the columns), the
 * sort (one of the named columns or expressions, then the id), a page, every row for the export.
 */
export function tableList<T extends PgTable, K extends string>(
  table: T,
  spec: { searched: readonly PgColumn[]; sorts: Record<K, PgColumn | SQL>; defaultSort: K; id: PgColumn },
) {
  type Row = T["$inferSelect"];
  function reader(database: Database, options: ListOptions<K>) {
    const query = options.query?.trim() ?? "";
    const searched = query ? or(...spec.searched.map((column) => ilike(column, containsPattern(query)))) : undefined;
    const where = options.where ? and(options.where, searched) : searched;
    const order = [
      (options.sortType === "desc" ? desc : asc)(spec.sorts[options.sortBy ?? spec.defaultSort]),
      asc(spec.id),
    ];
    // Drizzle cannot follow a generic table through select(): the rows are the table's own.
    const from = () =>
      database
        .select()
        .from(table as PgTable)
        .where(where);
    return {
      count: async () =>
        (
          await database
            .select({ total: count() })
            .from(table as PgTable)
            .where(where)
        )[0].total,
      read: (limit: number, offset: number) =>
        from()
          .orderBy(...order)
          .limit(limit)
          .offset(offset) as unknown as Promise<Row[]>,
    };
  }
  return {
    page(database: Database, options: ListOptions<K>): Promise<ListPage<Row>> {
      const list = reader(database, options);
      return pageOf(list.count, list.read, options.page, options.pageSize ?? PAGE_SIZE);
    },
    every(database: Database, options: ListOptions<K>): AsyncGenerator<Row> {
      return everyRow(reader(database, options).read);
    },
  };
}
