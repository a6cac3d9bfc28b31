import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { Link, useLoaderData } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { useTranslation } from "~/translate/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { satisfiesRule } from "~/security/feature-rule";
import { dateRangeErrors } from "~/announcements/date-range";
import { announcementListOptionsOf } from "~/announcements/list-options";
import { announcementStatus, isoDay } from "~/announcements/rules";
import { listAnnouncements } from "~/announcements/announcements.server";
import { catalogueAccessOf } from "~/permissions/catalogue-scope";
import { FieldError } from "~/ui/FieldError";
import { LATEST_DAY } from "~/validation/calendar-day";
import { titleMeta } from "~/shell/page-title";
import { DeletedDialog } from "~/ui/EditorDialogs";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import { DataTable, type Column } from "~/ui/DataTable";
import { MAX_TEXT_LENGTH } from "~/limits";
import { toAnnouncement } from "~/announcements/routes";

export const meta = titleMeta("adminAnnouncements.title");

/**
 * SPEC §2 Manage announcements: search, date-range filter, sortable columns, paging 10 (CSV export:
 * admin[.csv].tsx). The list holds those with one of the user's brands (their portal brands, or a
 * reader's own); a row opens its editor when all its brands are the writer's, its view otherwise.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const url = new URL(request.url);
  const now = new Date();
  const { state, options } = announcementListOptionsOf(url.searchParams, now, requestTimeZone(request, user));
  const list = await listAnnouncements(db(), user, options);
  const mayWrite = satisfiesRule(user.access.features, ANNOUNCEMENTS_WRITE);
  const params = url.searchParams;
  return {
    state,
    filter: {
      range: params.get("range") ?? "",
      days: params.get("days") ?? "30",
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
    },
    filterErrors: dateRangeErrors(params),
    canWrite: mayWrite,
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      title: row.title,
      language: row.language,
      priority: row.priority,
      startDate: isoDay(row.startDate),
      expirationDate: isoDay(row.expirationDate),
      status: announcementStatus(row, now),
      editable: catalogueAccessOf(user, row.brandIds, mayWrite) === "edit",
    })),
  };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AnnouncementsAdmin() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const columns: Column<Row>[] = [
    {
      key: "title",
      label: t("adminAnnouncements.titleColumn"),
      sortable: true,
      render: (row) => (
        <Link
          to={toAnnouncement({ id: row.id, mode: row.editable ? "edit" : "view" })}
          aria-label={t(row.editable ? "adminAnnouncements.edit" : "adminAnnouncements.view", { title: row.title })}
        >
          {row.title}
        </Link>
      ),
    },
    {
      key: "language",
      label: t("adminAnnouncements.language"),
      sortable: true,
      render: (row) => t(`languages.${row.language}`),
    },
    {
      key: "priority",
      label: t("adminAnnouncements.priority"),
      sortable: true,
      render: (row) => t(`announcements.priority.${row.priority}`),
    },
    { key: "startDate", label: t("adminAnnouncements.startDate"), sortable: true, render: (row) => row.startDate },
    {
      key: "expirationDate",
      label: t("adminAnnouncements.expirationDate"),
      sortable: true,
      render: (row) => row.expirationDate,
    },
    { key: "status", label: t("adminAnnouncements.status"), render: (row) => t(`adminAnnouncements.${row.status}`) },
  ];
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t("adminAnnouncements.title")}</h1>
        {data.canWrite && (
          <Link to={toAnnouncement()} className="button">
            {t("adminAnnouncements.add")}
          </Link>
        )}
      </div>
      <Form method="get" className="search-form filter-form" role="search">
        <input type="hidden" name="sortBy" value={data.state.sortBy} />
        <input type="hidden" name="sortType" value={data.state.sortType} />
        <div className="field">
          <label htmlFor="announcement-search">{t("adminAnnouncements.searchLabel")}</label>
          <input
            id="announcement-search"
            type="search"
            name="q"
            defaultValue={data.state.query}
            maxLength={MAX_TEXT_LENGTH}
          />
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
        <FilterField
          name="days"
          label={t("adminAnnouncements.days")}
          value={data.filter.days}
          error={data.filterErrors.days}
        />
        <FilterField
          name="from"
          label={t("adminAnnouncements.from")}
          value={data.filter.from}
          error={data.filterErrors.from}
        />
        <FilterField name="to" label={t("adminAnnouncements.to")} value={data.filter.to} error={data.filterErrors.to} />
        <button type="submit" className="button">
          {t("common.search")}
        </button>
      </Form>
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        count={t("adminAnnouncements.count", { count: data.total })}
        sort={data.state}
        page={data.page}
        pageCount={data.pageCount}
      />
      <DeletedDialog text={t("adminAnnouncements.deleted")} />
    </div>
  );
}

/** A day of the custom range: a date input with its validation message (a day beyond 9999 is refused). */
/** A filter field with its message: the days of a custom range, or the number of days (typed, so its message shows). */
function FilterField({
  name,
  label,
  value,
  error,
}: {
  name: "from" | "to" | "days";
  label: string;
  value: string;
  error?: string;
}) {
  const id = `announcement-${name}`;
  const typing = name === "days" ? { type: "text", inputMode: "numeric" as const } : { type: "date", max: LATEST_DAY };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...typing}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}
