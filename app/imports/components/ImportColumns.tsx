import { useTranslation } from "~/translate/react";
import { Table } from "~/ui/DataTable";
import type { ImportScreen } from "../screens";

/** A file's documented columns: name, whether required, what it holds. */
export function ImportColumns({ screen }: { screen: ImportScreen }) {
  const { t } = useTranslation();
  return (
    <details className="import-columns">
      <summary>{t("imports.columns.heading")}</summary>
      <Table<string>
        rows={screen.columns}
        rowKey={(column) => column}
        columns={[
          { key: "column", label: t("imports.columns.column"), render: (column) => <code>{column}</code> },
          {
            key: "use",
            label: t("imports.columns.use"),
            render: (column) =>
              screen.required.includes(column) ? t("imports.columns.required") : t("imports.columns.optional"),
          },
          { key: "holds", label: t("imports.columns.holds"), render: (column) => t(`${screen.columnsKey}.${column}`) },
        ]}
      />
    </details>
  );
}
