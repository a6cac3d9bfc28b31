import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { listSecurityRoles, securityRoleListOptionsOf } from "~/security-roles/security-roles.server";
import { titleMeta } from "~/shell/page-title";
import { type Column } from "~/ui/DataTable";
import { ListScreen } from "~/ui/ListScreen";
import { useDateFormats } from "~/i18n/date-format";
import { satisfiesRule } from "~/security/feature-rule";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import { toSecurityRole } from "~/security-roles/routes";

export const meta = titleMeta("adminSecurityRoles.title");

/** SPEC §2 Security roles: search (name, display name), sortable columns, paging, CSV export (admin.security-roles[.csv].tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const state = securityRoleListOptionsOf(new URL(request.url).searchParams);
  const list = await listSecurityRoles(db(), state);
  return {
    state,
    canWrite: satisfiesRule(user.access.features, SECURITY_ROLES_WRITE),
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      features: row.features.length,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function SecurityRolesList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const date = useDateFormats().date;
  const columns: Column<Row>[] = [
    {
      key: "displayName",
      label: t("adminSecurityRoles.displayName"),
      sortable: true,
      render: (row) => (
        <Link
          to={toSecurityRole(row.id)}
          aria-label={t(data.canWrite ? "adminSecurityRoles.edit" : "adminSecurityRoles.view", {
            name: row.displayName,
          })}
        >
          {row.displayName}
        </Link>
      ),
    },
    { key: "name", label: t("adminSecurityRoles.name"), sortable: true, render: (row) => <code>{row.name}</code> },
    { key: "features", label: t("adminSecurityRoles.features"), render: (row) => row.features },
    {
      key: "updatedAt",
      label: t("adminSecurityRoles.updatedAt"),
      sortable: true,
      render: (row) => <time dateTime={row.updatedAt}>{date.format(new Date(row.updatedAt))}</time>,
    },
  ];
  return (
    <ListScreen
      ns="adminSecurityRoles"
      addTo={data.canWrite && toSecurityRole()}
      searchId="security-role-search"
      list={data}
      columns={columns}
    />
  );
}
