import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { listApiClients } from "~/api-clients/api-clients.server";
import { scopeLabel } from "~/api-clients/components/scope-labels";
import { toApiClient, toNewApiClient } from "~/api-clients/routes";
import { titleMeta } from "~/shell/page-title";
import { DataTable, type Column } from "~/ui/DataTable";
import { useDateFormats } from "~/i18n/date-format";

export const meta = titleMeta("apiClients.title");

/** Issue #35 §3: the administrator's API clients — the systems that call the API for them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const clients = await listApiClients(db(), user);
  return {
    rows: clients.map((client) => ({
      ...client,
      createdAt: client.createdAt.toISOString(),
      expiresAt: client.expiresAt.toISOString(),
      lastUsedAt: client.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function ApiClients() {
  const { rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { date, dateTime } = useDateFormats();
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("apiClients.name"),
      render: (row) => (
        <Link to={toApiClient(row.id)} aria-label={t("apiClients.open", { name: row.name })}>
          {row.name}
        </Link>
      ),
    },
    { key: "clientId", label: t("apiClients.clientId"), render: (row) => <code>{row.clientId}</code> },
    {
      key: "scopes",
      label: t("apiClients.scopes"),
      render: (row) => row.scopes.map((s) => scopeLabel(t, s)).join(", "),
    },
    {
      key: "expiresAt",
      label: t("apiClients.expires"),
      render: (row) => date.format(new Date(row.expiresAt)),
    },
    {
      key: "lastUsedAt",
      label: t("apiClients.lastUsed"),
      render: (row) => (row.lastUsedAt ? dateTime.format(new Date(row.lastUsedAt)) : t("apiClients.neverUsed")),
    },
    { key: "state", label: t("apiClients.state"), render: (row) => t(`apiClients.states.${row.state}`) },
  ];
  return (
    <div className="page">
      <h1>{t("apiClients.title")}</h1>
      <p>{t("apiClients.intro")}</p>
      <p>
        <Link to={toNewApiClient()} className="button">
          {t("apiClients.add")}
        </Link>
      </p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        count={t("apiClients.count", { count: rows.length })}
        sort={{ sortBy: "createdAt", sortType: "desc" }}
        page={1}
        pageCount={1}
        exportable={false}
        rowTestId="api-client-row"
      />
    </div>
  );
}
