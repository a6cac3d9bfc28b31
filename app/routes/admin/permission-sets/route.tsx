import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { listPermissionSets, permissionSetListOptionsOf } from "~/permission-sets/permission-sets.server";
import { titleMeta } from "~/shell/page-title";
import { type Column } from "~/ui/DataTable";
import { ListScreen } from "~/ui/ListScreen";
import { satisfiesRule } from "~/security/feature-rule";
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { toPermissionSet } from "~/permission-sets/routes";

export const meta = titleMeta("adminPermissionSets.title");

/** SPEC §2 Permission sets: search (name, display name), sortable columns, paging, CSV export (admin.permission-sets[.csv].tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const state = permissionSetListOptionsOf(new URL(request.url).searchParams);
  const list = await listPermissionSets(db(), state);
  return {
    state,
    canWrite: satisfiesRule(user.access.features, PERMISSION_SETS_WRITE),
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      required: row.required,
      selectionMode: row.selectionMode,
      global: row.applicationId === null,
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function PermissionSetsList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: Column<Row>[] = [
    {
      key: "displayName",
      label: t("adminPermissionSets.displayName"),
      sortable: true,
      render: (row) => (
        <Link
          to={toPermissionSet(row.id)}
          aria-label={t(data.canWrite ? "adminPermissionSets.edit" : "adminPermissionSets.view", {
            name: row.displayName,
          })}
        >
          {row.displayName}
        </Link>
      ),
    },
    { key: "name", label: t("adminPermissionSets.name"), sortable: true, render: (row) => <code>{row.name}</code> },
    {
      key: "required",
      label: t("adminPermissionSets.required"),
      sortable: true,
      render: (row) => t(row.required ? "adminPermissionSets.isRequired" : "adminPermissionSets.isOptional"),
    },
    {
      key: "selectionMode",
      label: t("adminPermissionSets.selectionMode"),
      sortable: true,
      render: (row) => t(`adminPermissionSets.mode.${row.selectionMode}`),
    },
    {
      key: "scope",
      label: t("adminPermissionSets.scope"),
      render: (row) => t(row.global ? "adminPermissionSets.global" : "adminPermissionSets.perApplication"),
    },
  ];
  return (
    <ListScreen
      ns="adminPermissionSets"
      addTo={data.canWrite && toPermissionSet()}
      searchId="permission-set-search"
      list={data}
      columns={columns}
    />
  );
}
