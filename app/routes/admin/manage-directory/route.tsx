import { hasActiveOrganization } from "~/permissions/access-data";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { RoutableTabs } from "~/ui/RoutableTabs";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { DirectoryLocationPanel } from "~/directory/DirectoryLocationPanel";
import { actorDirectoryLocations } from "~/directory/directory.server";
import { directoryFormAction } from "~/routes/admin/manage-directory/directory-form.server";
import { editingLocationOf, withEditing } from "~/directory/directory-form";
import { directoryReviewHref } from "~/directory/DirectoryReviewModal";
import { DIRECTORY_CONTEXTS, directoryContextOf, type DirectoryContext } from "~/directory/rules";
import { titleMeta } from "~/shell/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { toManageDirectory } from "~/directory/routes";

export const meta = titleMeta("manageDirectory.title");

const pathOf = toManageDirectory;

function contextOf(param: string | undefined): DirectoryContext {
  const context = directoryContextOf(param);
  if (!context) throw new Response("Not Found", { status: 404 });
  return context;
}

/**
 * SPEC §2 Manage directory (admin:users:write): per location of the administrator, the roles of
 * a context with their holders, edited in place one location at a time, and the review's entry.
 * Without a location or brand: "No Active Organization Assigned".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const context = contextOf(params.context);
  const search = new URL(request.url).searchParams;
  // With no brand there is no location either: the list is empty.
  const locations = await actorDirectoryLocations(db(), user, context);
  return {
    context,
    noOrganization: !hasActiveOrganization(user.access),
    locations,
    editing: editingLocationOf(search),
    saved: search.has("saved"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const context = contextOf(params.context);
  const answer = await directoryFormAction(db(), user, request, context, () => `${pathOf(context)}?saved=1`);
  // The screen has no Close: a stray "close" post changes nothing.
  return answer === "close" ? null : answer;
}

export default function ManageDirectory() {
  const { context, noOrganization, locations, editing, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const path = pathOf(context);
  const params = new URLSearchParams(editing === null ? {} : { edit: String(editing) });
  return (
    <div className="page manage-directory">
      <h1>{t("manageDirectory.title")}</h1>
      <RoutableTabs
        label={t("manageDirectory.contextsLabel")}
        current={context}
        tabs={DIRECTORY_CONTEXTS.map((key) => ({ key, label: t(`manageDirectory.contexts.${key}`), to: pathOf(key) }))}
      />
      {noOrganization ? (
        <p className="notice notice--warning" role="alert">
          {t("errors.noOrganizationAssigned")}
        </p>
      ) : (
        <>
          <p>{t(`manageDirectory.descriptions.${context}`)}</p>
          <p>
            <Link to={directoryReviewHref(context, path)}>{t("manageDirectory.openReview")}</Link>
          </p>
          {answer && "failure" in answer && (
            <p className="form-error" role="alert">
              {t(answer.failure)}
            </p>
          )}
          {saved && (
            <p className="notice notice--success" role="status">
              {t("manageDirectory.saved")}
            </p>
          )}
          {locations.length === 0 ? (
            <p className="notice">{t("common.noResults")}</p>
          ) : (
            <div className="directory-panels">
              {locations.map((location) => (
                <DirectoryLocationPanel
                  key={`${location.id}:${editing}`}
                  context={context}
                  location={location}
                  items={location.configurations[0]?.items ?? []}
                  editing={editing === location.id}
                  editHref={withEditing(path, params, location.id)}
                  cancelHref={withEditing(path, params, null)}
                  action={withEditing(path, params, editing)}
                  searched={answer && "search" in answer ? answer.search : undefined}
                  hydrated={hydrated}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
