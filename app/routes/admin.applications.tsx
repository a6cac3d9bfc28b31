import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/permissions/feature-rule";
import { listApplications, moveApplication } from "~/applications/applications.server";
import { moveSchema } from "~/applications/schema";
import { titleMeta } from "~/shell/page-title";
import { Pagination } from "~/admin/Pagination";
import { DeletedDialog } from "~/admin/EditorDialogs";
import { withSearchParam } from "~/shell/search-params";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { APPLICATIONS_WRITE } from "~/permissions/write-rules";
import { SearchForm } from "~/admin/SearchForm";
import { ListResults } from "~/admin/ListResults";
import { readFormData } from "~/security/form-body.server";

export const meta = titleMeta("adminApplications.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const url = new URL(request.url);
  const query = url.searchParams.get("q") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1") || 1;
  const list = await listApplications(db(), { query, page });
  return {
    query,
    canWrite: satisfiesRule(user.access.features, APPLICATIONS_WRITE),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
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

/** Move up / down / to the top: only with admin:applications:write, checked here on the server. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeatures(request, APPLICATIONS_WRITE);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: moveSchema });
  const back = inSiteRedirectTarget(formData.get("returnTo"));
  if (submission.status === "success") {
    await moveApplication(db(), submission.value.id, submission.value.direction, user.identityId, submission.value.q);
  }
  return redirect(back);
}

export default function ApplicationsList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = withSearchParam(location, "deleted", null);
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("adminApplications.title")}</h1>
        {data.canWrite && (
          <Link to="/admin/application" className="button">
            {t("adminApplications.add")}
          </Link>
        )}
      </div>
      <SearchForm id="application-search" label={t("adminApplications.searchLabel")} query={data.query} />
      <ListResults count={t("adminApplications.count", { count: data.total })} empty={data.rows.length === 0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("adminApplications.displayName")}</th>
              <th scope="col">{t("adminApplications.name")}</th>
              <th scope="col">{t("adminApplications.brand")}</th>
              <th scope="col">{t("adminApplications.region")}</th>
              <th scope="col">{t("adminApplications.categories")}</th>
              <th scope="col">{t("adminApplications.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link
                    to={`/admin/application/${row.id}`}
                    aria-label={t(data.canWrite ? "adminApplications.edit" : "adminApplications.view", {
                      name: row.displayName,
                    })}
                  >
                    {row.displayName}
                  </Link>
                </td>
                <td>{row.name}</td>
                <td>{t(`brands.${row.brandId}`)}</td>
                <td>{t(`regions.${row.regionCode}`)}</td>
                <td>{row.categories.join(", ")}</td>
                <td>
                  {data.canWrite && (
                    <div className="row-actions">
                      {(["top", "up", "down"] as const).map((direction) => (
                        <Form method="post" key={direction} preventScrollReset>
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="id" value={row.id} />
                          <input type="hidden" name="direction" value={direction} />
                          <input type="hidden" name="returnTo" value={returnTo} />
                          <input type="hidden" name="q" value={data.query} />
                          <button
                            type="submit"
                            className="icon-button"
                            aria-label={t(
                              direction === "top"
                                ? "adminApplications.moveTop"
                                : direction === "up"
                                  ? "adminApplications.moveUp"
                                  : "adminApplications.moveDown",
                              { name: row.displayName },
                            )}
                            title={t(
                              direction === "top"
                                ? "adminApplications.moveTop"
                                : direction === "up"
                                  ? "adminApplications.moveUp"
                                  : "adminApplications.moveDown",
                              { name: row.displayName },
                            )}
                          >
                            <span aria-hidden="true">{direction === "top" ? "⤒" : direction === "up" ? "↑" : "↓"}</span>
                          </button>
                        </Form>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
      <Pagination page={data.page} pageCount={data.pageCount} search={location.search} />
      <DeletedDialog text={t("adminApplications.deleted")} />
    </div>
  );
}
