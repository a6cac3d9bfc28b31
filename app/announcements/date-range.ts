import { calendarDayOf, LATEST_DAY } from "~/validation/calendar-day";
import { numberProblemOf } from "~/validation/numeric";
import { DEFAULT_TIME_ZONE, startOfDayIn } from "~/validation/time-zone";

/** The management list's date-range filter (SPEC §2): a custom range, the last N days or the next N days. */
export type DateRangeFilter =
  { kind: "custom"; from?: string; to?: string } | { kind: "last"; days: number } | { kind: "next"; days: number };

const DAY = 86_400_000;

function parseDay(value: string | undefined): Date | undefined {
  return calendarDayOf(value) ?? undefined;
}

/**
 * The [from, to) interval a filter stands for; an open end is undefined. Custom days are whole
 * days in the viewer's time zone, the "to" day included. Last N days ends now; next N days starts now.
 */
export function dateRangeOf(
  filter: DateRangeFilter,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): { from?: Date; to?: Date } {
  if (filter.kind === "last") return { from: new Date(now.getTime() - filter.days * DAY), to: now };
  if (filter.kind === "next") return { from: now, to: new Date(now.getTime() + filter.days * DAY) };
  // The last day a field takes ends with time itself: an open end, not a year-10000 bound.
  const to = filter.to === LATEST_DAY ? undefined : parseDay(filter.to);
  const from = parseDay(filter.from);
  return {
    from: from && startOfDayIn(from, timeZone),
    to: to && startOfDayIn(new Date(to.getTime() + DAY), timeZone),
  };
}

/** An announcement matches when its window [start, expiration) overlaps the range. */
export function overlapsRange(
  window: { startDate: Date; expirationDate: Date },
  range: { from?: Date; to?: Date },
): boolean {
  if (range.to && window.startDate.getTime() >= range.to.getTime()) return false;
  if (range.from && window.expirationDate.getTime() <= range.from.getTime()) return false;
  return true;
}

/** The validation message of each field that holds no valid value: the custom days, the number of days. */
export function dateRangeErrors(params: URLSearchParams): { from?: string; to?: string; days?: string } {
  const errors: { from?: string; to?: string; days?: string } = {};
  for (const name of ["from", "to"] as const) {
    const value = params.get(name);
    if (value && calendarDayOf(value) === null) errors[name] = "validations.date";
  }
  const days = numberProblemOf(params.get("days") ?? "", "integer");
  if (days) errors.days = days;
  return errors;
}

/**
 * Reads the filter from the list's search parameters (range=custom|last|next, days, from, to). A
 * number of days that is no whole number filters nothing (its field says why); bounds are clamped.
 */
export function dateRangeFromSearch(params: URLSearchParams): DateRangeFilter | null {
  const kind = params.get("range");
  if (kind === "last" || kind === "next") {
    const typed = params.get("days") ?? "30";
    if (numberProblemOf(typed, "integer")) return null;
    return { kind, days: Math.min(3650, Math.max(1, Math.trunc(Number(typed)) || 30)) };
  }
  if (kind === "custom") return { kind, from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  return null;
}
