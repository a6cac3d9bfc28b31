/** The first and last day a date field takes: four-digit years, which PostgreSQL and `toISOString` both round-trip. */
export const EARLIEST_DAY = "1900-01-01";
export const LATEST_DAY = "9999-12-31";

/** A date field's value as a day (UTC midnight): `YYYY-MM-DD`, a day that exists, within the bounds; else null. */
export function calendarDayOf(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  if (value < EARLIEST_DAY || value > LATEST_DAY) return null;
  const date = new Date(`${value}T00:00:00Z`);
  // 2026-02-31 parses as 3 March: only a day that reads back the same exists.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
  return date;
}
