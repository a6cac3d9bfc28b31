import { and, asc, count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { PAGE_SIZE } from "~/limits";
import { containsPattern, everyRow, pageOf, type ListPage } from "./list-query";
import { tableStateOf, type SortType, type TableState } from "./table-state";

/**
 * What an administration list is asked for: its table state (URL, rows per page included) and
 * the list's own filters and scope as a condition.
 */
export type ListOptions<K extends string> = Partial<TableState<K>> & { where?: SQL };

/** A list's filter and its order (ending with the id, so that pages never overlap). */
export interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
}

/** The page asked for and its rows (the portal's default otherwise). */
type PageAsked = { page?: number; rowsPerPage?: number };

/**
 * A list over one table whose filter and order its domain makes from whom it lists for (their
 * scope) and what they ask (filters, sort): a page of it, or every row in batches for the export.
 */
export function queriedList<T extends PgTable, Scope, Options extends PageAsked>(
  table: T,
  queryOf: (scope: Scope, options: Options) => ListQuery,
) {
  type Row = T["$inferSelect"];
  function reader(database: Database, scope: Scope, options: Options) {
    const { where, order } = queryOf(scope, options);
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
    page(database: Database, scope: Scope, options: Options): Promise<ListPage<Row>> {
      const list = reader(database, scope, options);
      return pageOf(list.count, list.read, options.page, options.rowsPerPage ?? PAGE_SIZE);
    },
    every(database: Database, scope: Scope, options: Options): AsyncGenerator<Row> {
      return everyRow(reader(database, scope, options).read);
    },
  };
}

/**
 * One administration list over one table: the search (text contained in any of the columns), the
 * sort (one of the named columns or expressions, then the id; `defaultSort`, ascending unless
 * `defaultSortType` says otherwise, when the URL names none), a page, every row for the export.
 * The screen, its CSV export and the API read the same definition, so they list the same rows.
 */
export function tableList<T extends PgTable, K extends string>(
  table: T,
  spec: {
    searched: readonly PgColumn[];
    sorts: Record<K, PgColumn | SQL>;
    defaultSort: NoInfer<K>;
    defaultSortType?: SortType;
    id: PgColumn;
  },
) {
  const list = queriedList(table, (_everyone: void, options: ListOptions<K>) => {
    const query = options.query?.trim() ?? "";
    const searched = query ? or(...spec.searched.map((column) => ilike(column, containsPattern(query)))) : undefined;
    return {
      where: options.where ? and(options.where, searched) : searched,
      order: [(options.sortType === "desc" ? desc : asc)(spec.sorts[options.sortBy ?? spec.defaultSort]), asc(spec.id)],
    };
  });
  const sortKeys: readonly K[] = Object.keys(spec.sorts) as K[];
  const defaults = { sortBy: spec.defaultSort, sortType: spec.defaultSortType ?? "asc" };
  return {
    /** The columns the list sorts by. */
    sortKeys,
    /** The list's search, sort and page from a URL (an unknown sort falls back to the default). */
    optionsOf(params: URLSearchParams): TableState<K> {
      return tableStateOf<K>(params, sortKeys, defaults);
    },
    page(database: Database, options: ListOptions<K>): Promise<ListPage<T["$inferSelect"]>> {
      return list.page(database, undefined, options);
    },
    every(database: Database, options: ListOptions<K>): AsyncGenerator<T["$inferSelect"]> {
      return list.every(database, undefined, options);
    },
  };
}
