import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PAGE_BUTTONS } from "~/limits";

/** SPEC §9: 5 page buttons, centred on the current page where possible. */
export function pageWindow(page: number, pageCount: number, buttons = PAGE_BUTTONS): number[] {
  const size = Math.min(buttons, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Page links that keep the other search parameters (works without JavaScript). */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
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
  );
}
