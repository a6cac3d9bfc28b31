import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { Pagination } from "./Pagination";
import { exportHref, sortHref, type SortType } from "../lists/table-state";

export interface Column<Row> {
  key: string;
  /** The header; a column of row actions may give it only to screen readers (`visuallyHidden`). */
  label: string;
  visuallyHidden?: boolean;
  /** Sortable columns are links that set sortBy / sortType in the URL. */
  sortable?: boolean;
  render: (row: Row) => ReactNode;
}

/**
 * Every administration list (SPEC §3 Table state): the result count, the CSV export of the
 * filtered list, the table with sortable column headers, the spec's empty text, and the pages.
 * All of it is links and the URL, so it works without JavaScript.
 */
export function DataTable<Row>(props: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  count: string;
  sort: { sortBy: string; sortType: SortType };
  page: number;
  pageCount: number;
  /** Offer the CSV export (default: yes). */
  exportable?: boolean;
  /** A test id on each row, for lists whose tests find rows by it. */
  rowTestId?: string;
  /** A class of the list's own table styles, beside the kit's. */
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const empty = props.rows.length === 0;
  return (
    <>
      <div className="list-toolbar">
        <p className="list-count" aria-live="polite">
          {props.count}
        </p>
        {props.exportable !== false && !empty && (
          <a className="button button--secondary" href={exportHref(location.pathname, location.search)} download>
            {t("common.exportCsv")}
          </a>
        )}
      </div>
      {empty ? (
        <p className="empty-state">{t("common.noResults")}</p>
      ) : (
        <Table
          columns={props.columns}
          rows={props.rows}
          rowKey={props.rowKey}
          rowTestId={props.rowTestId}
          className={props.className}
          sort={props.sort}
        />
      )}
      <Pagination page={props.page} pageCount={props.pageCount} search={location.search} />
    </>
  );
}

/**
 * The table of the kit: column headers (sortable ones as links when a sort is given) and a row per
 * item. DataTable wraps it with the count, export and pages; short read-only lists use it alone.
 */
export function Table<Row>(props: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId?: string;
  className?: string;
  sort?: { sortBy: string; sortType: SortType };
}) {
  const location = useLocation();
  return (
    <div className="table-wrap">
      <table className={props.className ? `data-table ${props.className}` : "data-table"}>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={props.sort} search={location.search} />
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} data-testid={props.rowTestId}>
              {props.columns.map((column) => (
                <td key={column.key}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A column header: a sortable column is a link setting sortBy / sortType in the URL (on `path`,
 * the current page by default), with aria-sort on the active one.
 */
export function HeaderCell<Row>(props: {
  column: Pick<Column<Row>, "key" | "label" | "visuallyHidden" | "sortable">;
  sort?: { sortBy: string; sortType: SortType };
  search: string;
  path?: string;
}) {
  const { column, sort } = props;
  if (!column.sortable || !sort)
    return (
      <th scope="col">
        {column.visuallyHidden ? <span className="visually-hidden">{column.label}</span> : column.label}
      </th>
    );
  const active = sort.sortBy === column.key;
  const direction = active ? (sort.sortType === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={direction}>
      <Link
        to={`${props.path ?? ""}${sortHref(props.search, column.key, sort)}`}
        className="sort-link"
        preventScrollReset
      >
        {column.label}
        <span aria-hidden="true" className="sort-link__icon">
          {active ? (sort.sortType === "asc" ? " ▲" : " ▼") : " ↕"}
        </span>
      </Link>
    </th>
  );
}
