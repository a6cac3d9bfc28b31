import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { applicationListOptionsOf, listApplications, moveApplication } from "~/applications/applications.server";
import { moveSchema } from "~/applications/schema";
import { titleMeta } from "~/shell/page-title";
import { withSearchParam } from "~/ui/search-params";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { APPLICATIONS_WRITE } from "~/permissions/write-rules";
import { readFormData } from "~/security/form-body.server";
import { type Column } from "~/ui/DataTable";
import { ListScreen } from "~/ui/ListScreen";
import { MoveButtons } from "./MoveButtons";
import { toApplication } from "~/applications/routes";

export const meta = titleMeta("adminApplications.title");

/**
 * SPEC §2 Manage applications: search, sortable columns (launcher order by default), paging, moves
 * (CSV export: admin.applications[.csv].tsx). The list holds the applications of the user's
 * brands (their portal brands, or a reader's own); the writer's rows are all theirs to edit and move.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const url = new URL(request.url);
  const { state, options } = applicationListOptionsOf(url.searchParams);
  const list = await listApplications(db(), user, options);
  return {
    state,
    canWrite: satisfiesRule(user.access.features, APPLICATIONS_WRITE),
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      brandId: row.brandId,
      regionCode: row.regionCode,
      categories: row.categories,
    })),
  };
}

/** Move up / down / to the top: only with admin:applications:write, checked here on the server, and only the editor's brands' (the service's rule). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeatures(request, APPLICATIONS_WRITE);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: moveSchema });
  const back = inSiteRedirectTarget(formData.get("returnTo"));
  if (submission.status === "success") {
    await moveApplication(db(), user, submission.value.id, submission.value.direction, submission.value.q);
  }
  return redirect(back);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function ApplicationsList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = withSearchParam(location, "deleted", null);
  // Moves change the launcher order, so they are offered only while the list shows that order.
  const movable = data.canWrite && data.state.sortBy === "order" && data.state.sortType === "asc";
  const columns: Column<Row>[] = [
    {
      key: "displayName",
      label: t("adminApplications.displayName"),
      sortable: true,
      render: (row) => (
        <Link
          to={toApplication(row.id)}
          aria-label={t(data.canWrite ? "adminApplications.edit" : "adminApplications.view", { name: row.displayName })}
        >
          {row.displayName}
        </Link>
      ),
    },
    { key: "name", label: t("adminApplications.name"), sortable: true, render: (row) => row.name },
    { key: "brand", label: t("adminApplications.brand"), sortable: true, render: (row) => t(`brands.${row.brandId}`) },
    {
      key: "region",
      label: t("adminApplications.region"),
      sortable: true,
      render: (row) => t(`regions.${row.regionCode}`),
    },
    { key: "categories", label: t("adminApplications.categories"), render: (row) => row.categories.join(", ") },
    {
      key: "order",
      label: t("adminApplications.order"),
      sortable: true,
      render: (row) =>
        movable ? (
          <MoveButtons id={row.id} name={row.displayName} query={data.state.query} returnTo={returnTo} />
        ) : null,
    },
  ];
  return (
    <ListScreen
      ns="adminApplications"
      addTo={data.canWrite && toApplication()}
      searchId="application-search"
      list={data}
      columns={columns}
    />
  );
}
