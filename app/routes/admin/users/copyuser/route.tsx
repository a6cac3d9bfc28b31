import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { preferredLanguageOf } from "~/auth/callback.server";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { Table } from "~/ui/DataTable";
import { Pagination } from "~/ui/Pagination";
import { SearchForm } from "~/ui/SearchForm";
import { recordIdOf } from "~/navigation/id-param";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { startOf } from "~/users/schema";
import { NEW_USER, copyUserDraft, writeDraft } from "~/users/drafts.server";
import { userListStateOf } from "~/users/list-options";
import { listUsers } from "~/users/user-list.server";
import { toCreateUser } from "~/users/routes";

export const meta = titleMeta("adminUsers.copyTitle");

/**
 * SPEC §2 /admin/users/copyuser (admin:users:write and feature:dev): find a user of the
 * administrator's locations and start a new one with their locations and roles (not their contact data).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const params = new URL(request.url).searchParams;
  // Only the search and the page: userType and kind in this URL are the new user's, not filters.
  const { query, page: pageNumber } = userListStateOf(params);
  const page = await listUsers(db(), user, { query, page: pageNumber });
  return {
    q: query,
    page: {
      ...page,
      rows: page.rows.map(({ id, firstName, lastName, email, location }) => ({
        id,
        firstName,
        lastName,
        email,
        location,
      })),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const sourceId = recordIdOf((await readFormData(request)).get("source"));
  if (sourceId === null) throw new Response("Not Found", { status: 404 });
  const draft = await copyUserDraft(db(), user, sourceId, {
    ...startOf(new URL(request.url).searchParams),
    preferredLanguage: (await preferredLanguageOf(db(), user.identityId)) ?? undefined,
  });
  if (!draft) throw new Response("Not Found", { status: 404 });
  await writeDraft(db(), user, NEW_USER, draft, null);
  return redirect(toCreateUser("contact"));
}

export default function CopyUser() {
  const { q, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return (
    <div className="page">
      <p>
        <Link to={toCreateUser()}>‹ {t("adminUsers.createTitle")}</Link>
      </p>
      <h1>{t("adminUsers.copyTitle")}</h1>
      <p>{t("adminUsers.copyIntro")}</p>
      <SearchForm
        id="copy-search"
        label={t("adminUsers.searchLabel")}
        query={q}
        keep={{ userType: params.get("userType"), kind: params.get("kind") }}
      />
      {page.rows.length === 0 ? (
        <p className="empty-state">{t("common.noResults")}</p>
      ) : (
        <Table
          columns={[
            { key: "name", label: t("adminUsers.name"), render: (row) => `${row.firstName} ${row.lastName}` },
            { key: "email", label: t("adminUsers.email"), render: (row) => row.email },
            {
              key: "location",
              label: t("adminUsers.location"),
              render: (row) => row.location ?? t("adminUsers.noLocation"),
            },
            {
              key: "copy",
              label: t("common.actions"),
              render: (row) => (
                <Form method="post" action={location.pathname + location.search}>
                  <input type="hidden" name="source" value={row.id} />
                  <button type="submit" className="button button--secondary">
                    {t("adminUsers.copyButton", { name: `${row.firstName} ${row.lastName}` })}
                  </button>
                </Form>
              ),
            },
          ]}
          rows={page.rows}
          rowKey={(row) => String(row.id)}
        />
      )}
      <Pagination page={page.page} pageCount={page.pageCount} search={location.search} />
    </div>
  );
}
