import { Link } from "@remix-run/react";
import { Form } from "~/ui/Form";
import type { TFunction } from "~/translate/translator";
import type { Column } from "~/ui/DataTable";
import { changedByText, type AuditView } from "~/audit/query";
import type { AuditRow } from "~/audit/audit-log.server";
import { toUser } from "~/users/routes";

/** An audit entry as the loader sends it (the date as ISO text). */
export type AuditListRow = Omit<AuditRow, "changedOn"> & { changedOn: string };

/**
 * The history's columns (SPEC §2 Audit edit history): audit id, whom it is about, operation, field,
 * old and new value, changed on and by; on the users' view, "Force resync" on each row when allowed.
 */
export function auditColumns(props: {
  view: AuditView;
  canResync: boolean;
  t: TFunction;
  /** When each change was made, in the viewer's language and time zone. */
  when: Intl.DateTimeFormat;
  /** Where a row's Force resync posts: this page, with its search and filters. */
  action: string;
}): Column<AuditListRow>[] {
  const { t, view } = props;
  const { when } = props;
  const columns: Column<AuditListRow>[] = [
    { key: "id", label: t("audit.id"), sortable: true, render: (row) => row.id },
    {
      key: "subject",
      label: t(`audit.${view}.subject`),
      sortable: true,
      render: (row) =>
        view === "users" && row.subject ? (
          <>
            <Link to={toUser({ id: row.subjectId, mode: "view" })}>{row.subject}</Link>
            {row.subjectEmail && <span className="cell-note">{row.subjectEmail}</span>}
          </>
        ) : (
          (row.subject ?? t("audit.removed", { id: row.subjectId }))
        ),
    },
    {
      key: "operation",
      label: t("audit.operation"),
      sortable: true,
      render: (row) => t(`audit.operations.${row.operation}`, { defaultValue: row.operation }),
    },
    { key: "field", label: t("audit.field"), sortable: true, render: (row) => row.field ?? "—" },
    {
      key: "oldValue",
      label: t("audit.oldValue"),
      render: (row) => <span className="cell-value">{row.oldValue ?? "—"}</span>,
    },
    {
      key: "newValue",
      label: t("audit.newValue"),
      render: (row) => <span className="cell-value">{row.newValue ?? "—"}</span>,
    },
    {
      key: "changedOn",
      label: t("audit.changedOn"),
      sortable: true,
      render: (row) => <time dateTime={row.changedOn}>{when.format(new Date(row.changedOn))}</time>,
    },
    {
      key: "changedBy",
      label: t("audit.changedBy"),
      sortable: true,
      render: (row) => changedByText(row, t),
    },
  ];
  if (view === "users" && props.canResync) {
    columns.push({
      key: "actions",
      label: t("audit.actions"),
      visuallyHidden: true,
      render: (row) =>
        row.subject ? (
          <Form method="post" action={props.action} preventScrollReset>
            <input type="hidden" name="intent" value="resync" />
            <input type="hidden" name="userId" value={row.subjectId} />
            <button
              type="submit"
              className="button button--secondary button--small"
              aria-label={t("audit.resyncUser", { name: row.subject })}
            >
              {t("adminUsers.resync")}
            </button>
          </Form>
        ) : null,
    });
  }
  return columns;
}
