import type { ReactNode } from "react";
import { useTranslation } from "~/translate/react";

/**
 * The results of a searched list: the count (announced when it changes), then either the spec's
 * "No results to display…" or the table.
 */
export function ListResults({ count, empty, children }: { count: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="list-count" aria-live="polite">
        {count}
      </p>
      {empty ? <p className="empty-state">{t("common.noResults")}</p> : <div className="table-wrap">{children}</div>}
    </>
  );
}
