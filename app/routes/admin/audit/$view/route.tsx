import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { useDateFormats } from "~/i18n/date-format";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { ListScreen } from "~/ui/ListScreen";
import { listAudit } from "~/audit/audit-log.server";
import { auditQueryOf, auditViewOf } from "~/audit/query";
import { integrationSettings } from "~/integrations/pushes.server";
import { satisfiesRule } from "~/security/feature-rule";
import { USERS_EDIT } from "~/permissions/write-rules";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { forceResync } from "~/users/lifecycle.server";
import { recordIdOf } from "~/navigation/id-param";
import { AuditFilters } from "./AuditFilters";
import { auditColumns } from "./columns";

export const meta: MetaFunction = (args) =>
  titleMeta(`audit.${auditViewOf(args.params.view) ?? "users"}.title`)(args) ?? [];

/**
 * SPEC §2 Audit edit history, one view for users (audit:users:read) and organizations
 * (audit:orgs:read): the entries of the administrator's own users or locations, searched, filtered
 * by date, operation and "exclude last logins" (in the URL), sorted, paged; CSV beside it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const view = auditViewOf(params.view);
  if (!view) throw new Response("Not Found", { status: 404 });
  const user = await requireRouteAccess(request);
  const query = auditQueryOf(new URL(request.url).searchParams, requestTimeZone(request, user));
  const list = await listAudit(db(), user, view, query);
  return {
    view,
    query,
    canResync:
      view === "users" && satisfiesRule(user.access.features, USERS_EDIT) && integrationSettings().targets.length > 0,
    list: {
      ...list,
      state: query.state,
      rows: list.rows.map((row) => ({ ...row, changedOn: row.changedOn.toISOString() })),
    },
  };
}

/** "Force resync" from a user's row (admin:users:edit or write); back to the same page of the history. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (auditViewOf(params.view) !== "users") throw new Response("Not Found", { status: 404 });
  await requireRouteAccess(request);
  const user = await requireFeatures(request, USERS_EDIT);
  const form = await readFormData(request);
  const userId = recordIdOf(form.get("userId"));
  if (form.get("intent") !== "resync" || userId === null)
    return data({ refusal: "errors.badRequest" }, { status: 400 });
  const outcome = await forceResync(db(), user, userId);
  if (outcome.kind === "missing") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "noTargets") return data({ refusal: "integrations.noTargets" }, { status: 409 });
  const url = new URL(request.url);
  url.searchParams.set("done", "resyncSent");
  return redirect(`${url.pathname}?${url.searchParams}`);
}

export default function AuditHistory() {
  const { view, query, list, canResync } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal;
  const { t } = useTranslation();
  const dateFormats = useDateFormats();
  const location = useLocation();
  const done = new URLSearchParams(location.search).get("done") === "resyncSent";
  const filtered =
    Boolean(query.state.query) ||
    Boolean(query.filters.from || query.filters.to || query.filters.operation) ||
    query.filters.excludeLastLogins;
  return (
    <>
      {refusal && (
        <p role="alert" className="form-error page-notice">
          {t(refusal)}
        </p>
      )}
      {done && (
        <p role="status" className="notice notice--success page-notice">
          {t("adminUsers.resyncSent")}
        </p>
      )}
      <ListScreen
        ns={`audit.${view}`}
        searchId="audit-search"
        list={list}
        columns={auditColumns({
          view,
          canResync,
          t,
          when: dateFormats.dateTime,
          action: location.pathname + location.search,
        })}
        filters={<AuditFilters filters={query.filters} problems={query.problems} />}
        beforeTable={
          filtered && (
            <p>
              <Link to={`?sortBy=${query.state.sortBy}&sortType=${query.state.sortType}`}>
                {t("audit.clearFilters")}
              </Link>
            </p>
          )
        }
      />
    </>
  );
}
