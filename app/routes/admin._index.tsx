import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/permissions/feature-rule";
import { dateRangeErrors, dateRangeFromSearch, dateRangeOf } from "~/announcements/date-range";
import { FieldError } from "~/admin/FieldError";
import { LATEST_DAY } from "~/validation/calendar-day";
import { isLive } from "~/announcements/rules";
import { listAnnouncements } from "~/announcements/announcements.server";
import { titleMeta } from "~/shell/page-title";
import { Pagination } from "~/admin/Pagination";
import { DeletedDialog } from "~/admin/EditorDialogs";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import { ListResults } from "~/admin/ListResults";

export const meta = titleMeta("adminAnnouncements.title");

/** SPEC §2 Manage announcements: search, date-range filter, start and expiration, paging 10. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const params = new URL(request.url).searchParams;
  const query = params.get("q") ?? "";
  const filter = dateRangeFromSearch(params);
  const now = new Date();
  const list = await listAnnouncements(db(), {
    query,
    range: filter ? dateRangeOf(filter, now) : undefined,
    page: Number(params.get("page") ?? "1") || 1,
  });
  return {
    query,
    filter: {
      range: params.get("range") ?? "",
      days: params.get("days") ?? "30",
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
    },
    filterErrors: dateRangeErrors(params),
    canWrite: satisfiesRule(user.access.features, ANNOUNCEMENTS_WRITE),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rows: list.rows.map((row) => ({
      id: row.id,
      title: row.title,
      language: row.language,
      priority: row.priority,
      startDate: row.startDate.toISOString().slice(0, 10),
      expirationDate: row.expirationDate.toISOString().slice(0, 10),
      status: isLive(row, now) ? "live" : row.startDate > now ? "scheduled" : "expired",
    })),
  };
}

export default function AnnouncementsAdmin() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("adminAnnouncements.title")}</h1>
        {data.canWrite && (
          <Link to="/admin/announcement" className="button">
            {t("adminAnnouncements.add")}
          </Link>
        )}
      </div>
      <Form method="get" className="search-form filter-form" role="search">
        <div className="field">
          <label htmlFor="announcement-search">{t("adminAnnouncements.searchLabel")}</label>
          <input id="announcement-search" type="search" name="q" defaultValue={data.query} maxLength={255} />
        </div>
        <div className="field">
          <label htmlFor="announcement-range">{t("adminAnnouncements.range")}</label>
          <select id="announcement-range" name="range" defaultValue={data.filter.range}>
            <option value="">{t("adminAnnouncements.rangeAny")}</option>
            <option value="last">{t("adminAnnouncements.rangeLast")}</option>
            <option value="next">{t("adminAnnouncements.rangeNext")}</option>
            <option value="custom">{t("adminAnnouncements.rangeCustom")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="announcement-days">{t("adminAnnouncements.days")}</label>
          <input id="announcement-days" type="number" name="days" min={1} max={3650} defaultValue={data.filter.days} />
        </div>
        <DayFilterField
          name="from"
          label={t("adminAnnouncements.from")}
          value={data.filter.from}
          error={data.filterErrors.from}
        />
        <DayFilterField
          name="to"
          label={t("adminAnnouncements.to")}
          value={data.filter.to}
          error={data.filterErrors.to}
        />
        <button type="submit" className="button">
          {t("common.search")}
        </button>
      </Form>
      <ListResults count={t("adminAnnouncements.count", { count: data.total })} empty={data.rows.length === 0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("adminAnnouncements.titleColumn")}</th>
              <th scope="col">{t("adminAnnouncements.language")}</th>
              <th scope="col">{t("adminAnnouncements.priority")}</th>
              <th scope="col">{t("adminAnnouncements.startDate")}</th>
              <th scope="col">{t("adminAnnouncements.expirationDate")}</th>
              <th scope="col">{t("adminAnnouncements.status")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link
                    to={`/admin/announcement/${row.id}/${data.canWrite ? "edit" : "view"}`}
                    aria-label={t(data.canWrite ? "adminAnnouncements.edit" : "adminAnnouncements.view", {
                      title: row.title,
                    })}
                  >
                    {row.title}
                  </Link>
                </td>
                <td>{t(`languages.${row.language}`)}</td>
                <td>{t(`announcements.priority.${row.priority}`)}</td>
                <td>{row.startDate}</td>
                <td>{row.expirationDate}</td>
                <td>{t(`adminAnnouncements.${row.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
      <Pagination page={data.page} pageCount={data.pageCount} search={location.search} />
      <DeletedDialog text={t("adminAnnouncements.deleted")} />
    </div>
  );
}

/** A day of the custom range: a date input with its validation message (a day beyond 9999 is refused). */
function DayFilterField({
  name,
  label,
  value,
  error,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  error?: string;
}) {
  const id = `announcement-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        max={LATEST_DAY}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
