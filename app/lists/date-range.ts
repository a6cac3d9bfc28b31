/** A list's "from" and "to" day filters (the integration error report, the audit history). */
import { calendarDayOf } from "~/validation/calendar-day";
import { DEFAULT_TIME_ZONE, startOfDayIn } from "~/validation/time-zone";
import { DAY_MS } from "~/limits";

/**
 * The days typed as a half-open range of whole days in the viewer's time zone (`before` is the
 * start of the day after "to", so the end day counts in full), and a message key for each that
 * does not hold: not a date, or an end before the start. A day that does not hold is not applied.
 */
export function dayRangeOf(
  fromText: string,
  toText: string,
  timeZone = DEFAULT_TIME_ZONE,
): { from?: Date; before?: Date; problems: { from?: string; to?: string } } {
  const problems: { from?: string; to?: string } = {};
  const from = fromText ? calendarDayOf(fromText) : null;
  const to = toText ? calendarDayOf(toText) : null;
  if (fromText && !from) problems.from = "validations.date";
  if (toText && !to) problems.to = "validations.date";
  if (from && to && to < from) problems.to = "validations.dateRange";
  return {
    ...(from && !problems.to ? { from: startOfDayIn(from, timeZone) } : {}),
    ...(to && !problems.to ? { before: startOfDayIn(new Date(to.getTime() + DAY_MS), timeZone) } : {}),
    problems,
  };
}
