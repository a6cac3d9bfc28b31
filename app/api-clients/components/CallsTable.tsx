import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { Table } from "~/ui/DataTable";

/** An API client's calls as its page lists them: when, the method and path, the answer's status. */
export function CallsTable(props: {
  calls: readonly { id: number; call: string; status: string | null; at: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormats();
  return (
    <div data-testid={props.testId}>
      <Table
        columns={[
          { key: "at", label: t("apiClients.callAt"), render: (call) => dateTime.format(new Date(call.at)) },
          { key: "call", label: t("apiClients.call"), render: (call) => <code>{call.call}</code> },
          { key: "status", label: t("apiClients.callStatus"), render: (call) => call.status },
        ]}
        rows={props.calls}
        rowKey={(call) => call.id}
      />
    </div>
  );
}
