import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { ListScreen } from "~/ui/ListScreen";
import type { Column } from "~/ui/DataTable";
import { useDateFormats } from "~/i18n/date-format";
import { listIntegrationErrors } from "~/integrations/errors.server";
import { integrationErrorQueryOf } from "~/integrations/report";
import { titleMeta } from "~/shell/page-title";
import { satisfiesRule } from "~/security/feature-rule";
import { F } from "~/permissions/features";
import { ErrorFilters } from "./ErrorFilters";
import { toOrganizationHistory } from "~/audit/routes";
import { toUser } from "~/users/routes";

export const meta = titleMeta("integrationErrors.title");

/**
 * SPEC §2 Integration error report (admin:integrationStatus:read): the pushes that failed for good at
 * the administrator's own locations, filtered by error date, serial number and organization id (in
 * the URL), sorted, paged; the CSV export is admin.integration-errors[.csv].tsx.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const query = integrationErrorQueryOf(new URL(request.url).searchParams, requestTimeZone(request, user));
  const list = await listIntegrationErrors(db(), user, query);
  return {
    query,
    canReadOrganizationAudit: satisfiesRule(user.access.features, { all: [F.auditOrgsRead] }),
    list: {
      ...list,
      state: query.state,
      rows: list.rows.map((row) => ({
        ...row,
        errorDate: row.errorDate.toISOString(),
        lastModified: row.lastModified.toISOString(),
      })),
    },
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["list"]["rows"][number];

export default function IntegrationErrors() {
  const { query, list, canReadOrganizationAudit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const when = useDateFormats().dateTime;
  const time = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>;
  const columns: Column<Row>[] = [
    { key: "errorDate", label: t("integrationErrors.errorDate"), sortable: true, render: (row) => time(row.errorDate) },
    {
      key: "organizationId",
      label: t("integrationErrors.organizationId"),
      sortable: true,
      render: (row) =>
        row.subjectKind === "organization" && canReadOrganizationAudit ? (
          <Link
            to={toOrganizationHistory(row.subjectId)}
            aria-label={t("integrationErrors.viewOrganization", { id: row.subjectId })}
          >
            {row.organizationId}
          </Link>
        ) : (
          (row.organizationId ?? "—")
        ),
    },
    {
      key: "serialNumber",
      label: t("integrationErrors.serialNumber"),
      sortable: true,
      render: (row) =>
        row.subjectKind === "identity" ? (
          <Link
            to={toUser({ id: row.subjectId, mode: "view", tab: "integrations" })}
            aria-label={t("integrationErrors.viewUser", { serial: row.serialNumber ?? row.subjectId })}
          >
            {row.serialNumber ?? row.subjectId}
          </Link>
        ) : (
          (row.serialNumber ?? "—")
        ),
    },
    {
      key: "integrationType",
      label: t("integrationErrors.integrationType"),
      sortable: true,
      render: (row) => row.integrationType,
    },
    { key: "targetType", label: t("integrationErrors.targetType"), sortable: true, render: (row) => row.targetType },
    { key: "targetId", label: t("integrationErrors.targetId"), sortable: true, render: (row) => row.targetId },
    {
      key: "functionName",
      label: t("integrationErrors.functionName"),
      sortable: true,
      render: (row) => row.functionName,
    },
    {
      key: "log",
      label: t("integrationErrors.logGroupAndStream"),
      render: (row) => (
        <>
          {row.logGroup}
          <span className="cell-note">{row.logStream}</span>
        </>
      ),
    },
    { key: "message", label: t("integrationErrors.message"), render: (row) => row.message },
    {
      key: "lastModified",
      label: t("integrationErrors.lastModified"),
      sortable: true,
      render: (row) => time(row.lastModified),
    },
  ];
  const filtered = Object.values(query.filters).some(Boolean) || Boolean(query.state.query);
  return (
    <ListScreen
      ns="integrationErrors"
      searchId="integration-error-search"
      list={list}
      columns={columns}
      filters={<ErrorFilters filters={query.filters} problems={query.problems} />}
      beforeTable={
        filtered && (
          <p>
            <Link to={`?sortBy=${query.state.sortBy}&sortType=${query.state.sortType}`}>
              {t("integrationErrors.clearFilters")}
            </Link>
          </p>
        )
      }
    />
  );
}
