import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { listUsers, reactivationRequestCount } from "~/users/user-list.server";
import { activateUser } from "~/users/lifecycle.server";
import { readFormData } from "~/security/form-body.server";
import { recordIdOf } from "~/navigation/id-param";
import { withSearchParam } from "~/ui/search-params";
import {
  ACTIVATE_FROM_LIST,
  ReactivationRequest,
  ReactivationRequestsNotice,
} from "~/users/components/ReactivationRequest";
import { provisioningConnections } from "~/users/users.server";
import { userListStateOf } from "~/users/list-options";
import { titleMeta } from "~/shell/page-title";
import { type Column } from "~/ui/DataTable";
import { ListScreen } from "~/ui/ListScreen";
import { useDateFormats } from "~/i18n/date-format";
import { UserFilters } from "./UserFilters";
import { DeactivatesIn } from "~/users/components/DeactivatesIn";
import { satisfiesRule } from "~/security/feature-rule";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { toCreateUser, toUser } from "~/users/routes";

export const meta = titleMeta("adminUsers.title");

/** SPEC §2 Users: the users of the administrator's own locations, searched, filtered, sorted, paged (CSV export: admin.users[.csv].tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const state = userListStateOf(new URL(request.url).searchParams);
  const [list, connections, reactivationRequests] = await Promise.all([
    listUsers(db(), user, state),
    provisioningConnections(db(), user),
    reactivationRequestCount(db(), user),
  ]);
  return {
    state,
    connections,
    reactivationRequests,
    activated: new URL(request.url).searchParams.get("done") === "activated",
    canCreate: satisfiesRule(user.access.features, USERS_LIFECYCLE),
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      reactivationRequestedAt: row.reactivationRequestedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Issue #39 §5: one click activates a user who asked for it, back to the same list. Only a user of
 * the administrator's own locations (any other is 404), never oneself; audited as any activation.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeatures(request, USERS_LIFECYCLE);
  const form = await readFormData(request);
  const id = recordIdOf(form.get("id"));
  if (form.get("intent") !== ACTIVATE_FROM_LIST || id === null)
    return data({ refusal: "adminUsers.activateUnknown" }, { status: 400 });
  const outcome = await activateUser(db(), user, id);
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "self") return data({ refusal: "adminUsers.selfChangeRefused" }, { status: 403 });
  const url = new URL(request.url);
  return redirect(withSearchParam(url, "done", "activated"));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function UsersList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const date = useDateFormats().date;
  const { state } = data;
  const refusal = useActionData<typeof action>()?.refusal;
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
          {row.status === "inactive" && row.reactivationRequestedAt && (
            <ReactivationRequest user={row} canActivate={data.canCreate} />
          )}
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
        <>
          {refusal && (
            <p className="form-error" role="alert">
              {t(refusal)}
            </p>
          )}
          {data.activated && (
            <p className="notice notice--success" role="status">
              {t("adminUsers.activated")}
            </p>
          )}
          <ReactivationRequestsNotice count={data.reactivationRequests} filtered={filtered} />
          {filtered && (
            <p>
              <Link to={`?sortBy=${state.sortBy}&sortType=${state.sortType}`}>{t("adminUsers.clearFilters")}</Link>
            </p>
          )}
        </>
      }
    />
  );
}
