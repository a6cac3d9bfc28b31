/** A list's "from" and "to" day filters (the integration error report, the audit history). */

const DAY_MS = 86_400_000;

/** A calendar day written YYYY-MM-DD (what a date field sends), as its midnight UTC; null if it is not one. */
export function calendarDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * The days typed as a half-open range (`before` is the day after "to", so the end day counts in
 * full), and a message key for each that does not hold: not a date, or an end before the start.
 * A day that does not hold is not applied.
 */
export function dayRangeOf(
  fromText: string,
  toText: string,
): { from?: Date; before?: Date; problems: { from?: string; to?: string } } {
  const problems: { from?: string; to?: string } = {};
  const from = fromText ? calendarDay(fromText) : null;
  const to = toText ? calendarDay(toText) : null;
  if (fromText && !from) problems.from = "validations.date";
  if (toText && !to) problems.to = "validations.date";
  if (from && to && to < from) problems.to = "validations.dateRange";
  return {
    ...(from && !problems.to ? { from } : {}),
    ...(to && !problems.to ? { before: new Date(to.getTime() + DAY_MS) } : {}),
    problems,
  };
}
