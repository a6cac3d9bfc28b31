import { createContext, useContext } from "react";
import { useTranslation } from "~/translate/react";
import { DEFAULT_TIME_ZONE } from "~/validation/time-zone";

/** The time zone the page shows its dates and times in: the user's (issue #33), given by the root. */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter built once per locale and zone (building one is costly). */
function kept(kind: string, locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${kind} ${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    // Zones come from users: the cache stays bounded whatever they choose.
    if (formats.size > 500) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** A medium date in the viewer's locale, on the calendar of their time zone. */
export function mediumDate(locale: string, timeZone = DEFAULT_TIME_ZONE): Intl.DateTimeFormat {
  return kept("date", locale, timeZone, { dateStyle: "medium" });
}

/** A medium date with a short time and the zone's name, in the viewer's locale and time zone. */
export function mediumDateTime(locale: string, timeZone = DEFAULT_TIME_ZONE): Intl.DateTimeFormat {
  return kept("dateTime", locale, timeZone, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** The page's date formats: its language, the user's time zone. */
export function useDateFormats(): { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat } {
  const { i18n } = useTranslation();
  const timeZone = useContext(TimeZoneContext);
  return { date: mediumDate(i18n.language, timeZone), dateTime: mediumDateTime(i18n.language, timeZone) };
}
