import { useTranslation } from "~/translate/react";
import { Table } from "~/ui/DataTable";
import { useDateFormats } from "~/i18n/date-format";

export interface PushStatusRow {
  target: string;
  type: string;
  state: "pending" | "sending" | "synced" | "failed" | "never";
  attempts: number;
  lastSuccessAt: string | null;
  lastError: string | null;
}

/** The integration status view (SPEC §2 user editor): per downstream target, how the user's last push went. */
export function IntegrationsTab({ rows }: { rows: readonly PushStatusRow[] }) {
  const { t } = useTranslation();
  const when = useDateFormats().dateTime;
  if (rows.length === 0) return <p className="empty-state">{t("integrations.noTargets")}</p>;
  return (
    <Table
      columns={[
        { key: "target", label: t("integrations.target"), render: (row) => row.target },
        { key: "type", label: t("integrations.targetType"), render: (row) => row.type },
        {
          key: "state",
          label: t("integrations.state"),
          render: (row) => (
            <span className={`status status--push-${row.state}`}>{t(`integrations.states.${row.state}`)}</span>
          ),
        },
        {
          key: "lastSuccess",
          label: t("integrations.lastSuccess"),
          render: (row) =>
            row.lastSuccessAt ? (
              <time dateTime={row.lastSuccessAt}>{when.format(new Date(row.lastSuccessAt))}</time>
            ) : (
              t("integrations.never")
            ),
        },
        { key: "attempts", label: t("integrations.attempts"), render: (row) => row.attempts },
        { key: "lastError", label: t("integrations.lastError"), render: (row) => row.lastError ?? "—" },
      ]}
      rows={rows}
      rowKey={(row) => row.target}
    />
  );
}
