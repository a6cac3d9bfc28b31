import type { TFunction } from "~/translate/translator";
import type { Database } from "~/db/client.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import type { Actor } from "~/permissions/actor";
import { everyAuditEntry } from "./audit-log.server";
import { changedByText, type AuditQuery, type AuditView } from "./query";

/** The CSV export of an audit view: the filtered history, every page; scoped like the screen. */
export function auditCsv(database: Database, actor: Actor, view: AuditView, query: AuditQuery, t: TFunction): Response {
  const header = [
    t("audit.id"),
    t(`audit.${view}.subject`),
    t("audit.operation"),
    t("audit.field"),
    t("audit.oldValue"),
    t("audit.newValue"),
    t("audit.changedOn"),
    t("audit.changedBy"),
  ];
  async function* rows() {
    for await (const row of everyAuditEntry(database, actor, view, query)) {
      yield [
        row.id,
        row.subjectEmail ?? row.subject ?? row.subjectId,
        t(`audit.operations.${row.operation}`, { defaultValue: row.operation }),
        row.field,
        row.oldValue,
        row.newValue,
        row.changedOn,
        changedByText(row, t),
      ];
    }
  }
  return csvResponse(csvFileName(`audit-${view}`), header, rows());
}
