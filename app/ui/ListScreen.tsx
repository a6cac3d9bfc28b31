import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";
import { DataTable, type Column } from "./DataTable";
import { DeletedDialog } from "./EditorDialogs";
import { SearchForm } from "./SearchForm";
import type { TableState } from "../lists/table-state";

/**
 * The page of an administration list: the title and (for writers) its Add link, the search with
 * the list's filters, the table with its count, pages and export, and the confirmation after a
 * delete. Its texts are the list's keys under `ns`: title, add, searchLabel, count (countAtLeast), deleted.
 */
export function ListScreen<Row extends { id: number }>(props: {
  ns: string;
  /** Where Add leads; left out when the user may not write. */
  addTo?: string | false;
  searchId: string;
  list: {
    state: TableState<string>;
    rows: readonly Row[];
    total: number;
    page: number;
    pageCount: number;
    /** The count stopped at `total`: the list says "more than" it (key `countAtLeast`). */
    totalCapped?: boolean;
  };
  columns: Column<Row>[];
  /** The list's filters, in the search form. */
  filters?: ReactNode;
  /** Between the search and the table (a link that clears the search). */
  beforeTable?: ReactNode;
}) {
  const { t } = useTranslation();
  const { ns, list } = props;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t(`${ns}.title`)}</h1>
        {props.addTo && (
          <Link to={props.addTo} className="button">
            {t(`${ns}.add`)}
          </Link>
        )}
      </div>
      <SearchForm
        id={props.searchId}
        label={t(`${ns}.searchLabel`)}
        query={list.state.query}
        keep={{ sortBy: list.state.sortBy, sortType: list.state.sortType }}
      >
        {props.filters}
      </SearchForm>
      {props.beforeTable}
      <DataTable
        columns={props.columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        count={
          list.totalCapped ? t(`${ns}.countAtLeast`, { shown: list.total }) : t(`${ns}.count`, { count: list.total })
        }
        sort={list.state}
        page={list.page}
        pageCount={list.pageCount}
      />
      <DeletedDialog text={t(`${ns}.deleted`)} />
    </div>
  );
}
