import { useTranslation } from "react-i18next";
import { Table } from "~/admin/DataTable";
import { IDENTITY_COLUMNS, REQUIRED_IDENTITY_COLUMNS, type IdentityColumn } from "../columns";

/** The identity file's documented columns: name, whether required, what it holds. */
export function ImportColumns() {
  const { t } = useTranslation();
  return (
    <details className="import-columns">
      <summary>{t("imports.columns.heading")}</summary>
      <Table<IdentityColumn>
        rows={IDENTITY_COLUMNS}
        rowKey={(column) => column}
        columns={[
          { key: "column", label: t("imports.columns.column"), render: (column) => <code>{column}</code> },
          {
            key: "use",
            label: t("imports.columns.use"),
            render: (column) =>
              REQUIRED_IDENTITY_COLUMNS.includes(column)
                ? t("imports.columns.required")
                : t("imports.columns.optional"),
          },
          { key: "holds", label: t("imports.columns.holds"), render: (column) => t(`imports.columns.${column}`) },
        ]}
      />
    </details>
  );
}
