import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestTimeZone } from "~/i18n/time-zone.server";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { everyListedAnnouncement } from "~/announcements/announcements.server";
import { announcementListOptionsOf } from "~/announcements/list-options";
import { announcementStatus, isoDay } from "~/announcements/rules";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin.csv: the filtered announcements list the user sees (search, date range, sort) as CSV, every page; guarded like the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const now = new Date();
  const { options } = announcementListOptionsOf(new URL(request.url).searchParams, now, requestTimeZone(request, user));
  const t = await requestTranslator(request);
  const header = ["titleColumn", "language", "priority", "startDate", "expirationDate", "status"].map((key) =>
    t(`adminAnnouncements.${key}`),
  );
  async function* rows() {
    for await (const row of everyListedAnnouncement(db(), user, options)) {
      yield [
        row.title,
        t(`languages.${row.language}`),
        t(`announcements.priority.${row.priority}`),
        isoDay(row.startDate),
        isoDay(row.expirationDate),
        t(`adminAnnouncements.${announcementStatus(row, now)}`),
      ];
    }
  }
  return csvResponse(csvFileName("announcements", now), header, rows());
}
