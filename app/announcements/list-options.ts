import { tableStateOf } from "~/lists/table-state";
import { dateRangeFromSearch, dateRangeOf } from "./date-range";
import { ANNOUNCEMENT_SORTS, type AnnouncementListOptions } from "./announcements.server";

/** The management list's search, date range, sort and page from a URL (the screen, its export and the API read it alike). */
export function announcementListOptionsOf(params: URLSearchParams, now: Date, timeZone?: string) {
  const state = tableStateOf(params, ANNOUNCEMENT_SORTS, { sortBy: "startDate", sortType: "desc" });
  const filter = dateRangeFromSearch(params);
  const options: AnnouncementListOptions = {
    query: state.query,
    range: filter ? dateRangeOf(filter, now, timeZone) : undefined,
    page: state.page,
    rowsPerPage: state.rowsPerPage,
    sortBy: state.sortBy,
    sortType: state.sortType,
  };
  return { state, options };
}
