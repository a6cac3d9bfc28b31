import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { i18nServer } from "~/i18n/i18next.server";
import { everyAuditEntry } from "./audit-log.server";
import { auditQueryOf, type AuditView } from "./query";

/** The CSV export of an audit view: the filtered history, every page; guarded and scoped like the screen. */
export async function auditCsv(request: Request, view: AuditView): Promise<Response> {
  const user = await requireRouteAccess(request);
  const query = auditQueryOf(new URL(request.url).searchParams);
  const t = await i18nServer.getFixedT(request);
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
    for await (const row of everyAuditEntry(db(), view, user.identityId, query)) {
      yield [
        row.id,
        row.subjectEmail ?? row.subject ?? row.subjectId,
        t(`audit.operations.${row.operation}`, { defaultValue: row.operation }),
        row.field,
        row.oldValue,
        row.newValue,
        row.changedOn,
        row.changedBy ?? t("audit.system"),
      ];
    }
  }
  return csvResponse(csvFileName(`audit-${view}`), header, rows());
}
