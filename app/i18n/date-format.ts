const formats = new Map<string, Intl.DateTimeFormat>();

/** A medium date in UTC for a locale; the formatter is built once per locale (building one is costly). */
export function mediumDate(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format;
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** A medium date with a short time and its zone (UTC: the server renders it), in the viewer's locale (built once per locale). */
export function mediumDateTime(locale: string): Intl.DateTimeFormat {
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    });
    dateTimes.set(locale, format);
  }
  return format;
}
