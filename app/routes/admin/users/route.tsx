import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { listUsers } from "~/users/user-list.server";
import { provisioningConnections } from "~/users/users.server";
import { userListStateOf } from "~/users/list-options";
import { titleMeta } from "~/shell/page-title";
import { type Column } from "~/ui/DataTable";
import { ListScreen } from "~/ui/ListScreen";
import { useDateFormats } from "~/i18n/date-format";
import { UserFilters } from "./UserFilters";
import { DeactivatesIn } from "~/users/components/DormancyPanel";
import { satisfiesRule } from "~/security/feature-rule";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { toCreateUser, toUser } from "~/users/routes";

export const meta = titleMeta("adminUsers.title");

/** SPEC §2 Users: the users of the administrator's own locations, searched, filtered, sorted, paged (CSV export: admin.users[.csv].tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const state = userListStateOf(new URL(request.url).searchParams);
  const [list, connections] = await Promise.all([listUsers(db(), user, state), provisioningConnections(db(), user)]);
  return {
    state,
    connections,
    canCreate: satisfiesRule(user.access.features, USERS_LIFECYCLE),
    ...list,
    rows: list.rows.map((row) => ({ ...row, lastLoginAt: row.lastLoginAt?.toISOString() ?? null })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function UsersList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const date = useDateFormats().date;
  const { state } = data;
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("adminUsers.name"),
      sortable: true,
      render: (row) => (
        <>
          <Link
            to={toUser({ id: row.id, mode: "view" })}
            aria-label={t("adminUsers.view", { name: `${row.firstName} ${row.lastName}` })}
          >
            {row.firstName} {row.lastName}
          </Link>
          {row.jobTitle && <span className="cell-note">{row.jobTitle}</span>}
        </>
      ),
    },
    { key: "email", label: t("adminUsers.email"), sortable: true, render: (row) => row.email },
    {
      key: "location",
      label: t("adminUsers.location"),
      sortable: true,
      render: (row) => row.location ?? t("adminUsers.noLocation"),
    },
    {
      key: "lastLogin",
      label: t("adminUsers.lastLogin"),
      sortable: true,
      render: (row) =>
        row.lastLoginAt ? (
          <time dateTime={row.lastLoginAt}>{date.format(new Date(row.lastLoginAt))}</time>
        ) : (
          t("adminUsers.neverSignedIn")
        ),
    },
    {
      key: "status",
      label: t("adminUsers.status"),
      sortable: true,
      render: (row) => (
        <>
          <span className={`status status--${row.status}`}>{t(`adminUsers.statuses.${row.status}`)}</span>
          {row.deactivatesIn !== null && (
            <span className="badge badge--warning" data-testid="deactivates-in">
              <DeactivatesIn days={row.deactivatesIn} />
            </span>
          )}
        </>
      ),
    },
  ];
  const filtered = Boolean(
    state.query || state.status || state.userType || state.kind || state.lastLogin || state.deactivation,
  );
  return (
    <ListScreen
      ns="adminUsers"
      searchId="user-search"
      addTo={data.canCreate && toCreateUser()}
      list={data}
      columns={columns}
      filters={<UserFilters state={state} connections={data.connections} />}
      beforeTable={
        filtered && (
          <p>
            <Link to={`?sortBy=${state.sortBy}&sortType=${state.sortType}`}>{t("adminUsers.clearFilters")}</Link>
          </p>
        )
      }
    />
  );
}
