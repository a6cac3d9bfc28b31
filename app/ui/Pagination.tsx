import { Link, useLocation } from "@remix-run/react";
import { Form } from "./Form";
import { useId } from "react";
import { useTranslation } from "~/translate/react";
import { PAGE_BUTTONS, PAGE_SIZE, ROWS_PER_PAGE_CHOICES } from "~/limits";
import { rowsPerPageParam } from "~/lists/table-state";
import { useHydrated } from "./use-hydrated";

/** SPEC §9: 5 page buttons, centred on the current page where possible. */
export function pageWindow(page: number, pageCount: number, buttons = PAGE_BUTTONS): number[] {
  const size = Math.min(buttons, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * A list's pages (links that keep the other search parameters) and its rows-per-page choice, both
 * in the URL, so they work without JavaScript. The choice shows where there is more than a page, or
 * where a choice other than the default was made (to go back to it).
 */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  const { t } = useTranslation();
  const rowsPerPage = rowsPerPageParam(new URLSearchParams(search).get("rowsPerPage"));
  if (pageCount <= 1 && rowsPerPage === PAGE_SIZE) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <div className="list-pages">
      {pageCount > 1 && (
        <nav className="pagination" aria-label={t("common.pages")}>
          <ul>
            <li>
              {page > 1 ? (
                <Link to={href(page - 1)}>{t("common.previous")}</Link>
              ) : (
                <span aria-disabled="true">{t("common.previous")}</span>
              )}
            </li>
            {pageWindow(page, pageCount).map((n) => (
              <li key={n}>
                <Link to={href(n)} aria-current={n === page ? "page" : undefined} aria-label={t("common.page", { n })}>
                  {n}
                </Link>
              </li>
            ))}
            <li>
              {page < pageCount ? (
                <Link to={href(page + 1)}>{t("common.next")}</Link>
              ) : (
                <span aria-disabled="true">{t("common.next")}</span>
              )}
            </li>
          </ul>
        </nav>
      )}
      <RowsPerPage rowsPerPage={rowsPerPage} search={search} />
    </div>
  );
}

/**
 * The rows-per-page choice: a GET form keeping the list's search, filters and sort, back to the
 * first page. With JavaScript a choice applies at once; without, its button applies it.
 */
function RowsPerPage({ rowsPerPage, search }: { rowsPerPage: number; search: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const id = useId();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "page" && name !== "rowsPerPage");
  return (
    <Form method="get" action={pathname} className="rows-per-page" key={search}>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id}>{t("common.rowsPerPage")}</label>
      <select
        id={id}
        name="rowsPerPage"
        defaultValue={String(rowsPerPage)}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {ROWS_PER_PAGE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button--secondary">
          {t("common.showRows")}
        </button>
      )}
    </Form>
  );
}
