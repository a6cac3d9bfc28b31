import { Link } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { Table } from "~/ui/DataTable";
import { useDateFormats } from "~/i18n/date-format";
import type { ImportRunState } from "../run-state";

export interface RecentImport {
  id: number;
  fileName: string;
  state: ImportRunState;
  createdAt: string | Date;
}

/** The administrator's latest uploads, each linked to its page (report, progress or result). */
export function RecentImports({ runs, basePath }: { runs: readonly RecentImport[]; basePath: string }) {
  const { t } = useTranslation();
  const when = useDateFormats().dateTime;
  return (
    <section aria-labelledby="import-recent-title">
      <h2 id="import-recent-title">{t("imports.recent.heading")}</h2>
      {runs.length === 0 ? (
        <p className="empty-state">{t("imports.recent.empty")}</p>
      ) : (
        <Table<RecentImport>
          rows={runs}
          rowKey={(run) => run.id}
          columns={[
            {
              key: "file",
              label: t("imports.recent.file"),
              render: (run) => <Link to={`${basePath}/${run.id}`}>{run.fileName}</Link>,
            },
            {
              key: "uploaded",
              label: t("imports.recent.uploaded"),
              render: (run) => when.format(new Date(run.createdAt)),
            },
            { key: "state", label: t("imports.recent.state"), render: (run) => t(`imports.states.${run.state}`) },
          ]}
        />
      )}
    </section>
  );
}
