import { MAX_TEXT_LENGTH, PAGE_SIZE, ROWS_PER_PAGE_CHOICES } from "~/limits";

/** SPEC §3 Table state, as it lives in a list's URL: page, rowsPerPage, sortBy, sortType (and the search). */
export type SortType = "asc" | "desc";

export interface TableState<K extends string> {
  page: number;
  rowsPerPage: number;
  sortBy: K;
  sortType: SortType;
  /** The list's search text (`q`), trimmed. */
  query: string;
}

/** The largest page number read from a URL; beyond it a list shows its last page anyway. */
const MAX_PAGE = 1_000_000;

/** The page number of a URL: a positive whole number, else 1. */
export function pageParam(raw: string | null): number {
  if (!raw || !/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The rows per page of a URL: one of the choices a list offers, else the default. */
export function rowsPerPageParam(raw: string | null): number {
  return ROWS_PER_PAGE_CHOICES.find((choice) => String(choice) === raw) ?? PAGE_SIZE;
}

/**
 * A list's table state from its search parameters: an unknown column or direction falls back to
 * the list's default, so a hand-edited URL never breaks the page.
 */
export function tableStateOf<K extends string>(
  params: URLSearchParams,
  sortable: readonly K[],
  defaults: { sortBy: K; sortType: SortType },
): TableState<K> {
  const sortBy = params.get("sortBy");
  const known = sortable.find((key) => key === sortBy);
  const sortType = params.get("sortType");
  return {
    page: pageParam(params.get("page")),
    rowsPerPage: rowsPerPageParam(params.get("rowsPerPage")),
    sortBy: known ?? defaults.sortBy,
    sortType: sortType === "asc" || sortType === "desc" ? sortType : known ? "asc" : defaults.sortType,
    query: (params.get("q") ?? "").trim().slice(0, MAX_TEXT_LENGTH),
  };
}

/**
 * The link of a column header: sorting by that column (ascending first, the other way when it is
 * already the sort), back to the first page, every filter and the search kept.
 */
export function sortHref(search: string, column: string, current: { sortBy: string; sortType: SortType }): string {
  const params = new URLSearchParams(search);
  const sortType: SortType = current.sortBy === column && current.sortType === "asc" ? "desc" : "asc";
  params.set("sortBy", column);
  params.set("sortType", sortType);
  params.delete("page");
  return `?${params}`;
}

/**
 * The CSV export of the filtered list: the list's path with `.csv` (a resource route beside the
 * screen, guarded by the same rule), the same search, filters and sort, every page.
 */
export function exportHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  const query = params.toString();
  return `${pathname.replace(/\/+$/, "") || "/"}.csv${query ? `?${query}` : ""}`;
}
