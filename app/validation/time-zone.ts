/** The zone of a user who has none of their own, no browser that says, and no location that has one. */
export const DEFAULT_TIME_ZONE = "UTC";

/** The cookie the browser's script writes its time zone to (only a zone name; read by the server). */
export const BROWSER_TIME_ZONE_COOKIE = "tz";

const known = new Map<string, boolean>();

/** Whether a text names a time zone this runtime knows (an IANA name such as "Europe/Berlin"). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name))
    return false;
  let valid = known.get(name);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: name });
      valid = true;
    } catch {
      valid = false;
    }
    if (known.size < 1000) known.set(name, valid);
  }
  return valid;
}

/**
 * The time zone a user's dates and times are shown in (issue #33): their own choice, else the one
 * their browser reports, else their location's, else UTC. A value that is not a zone counts as none.
 */
export function resolveTimeZone(input: {
  preference?: string | null;
  browser?: string | null;
  location?: string | null;
}): string {
  for (const candidate of [input.preference, input.browser, input.location])
    if (isTimeZone(candidate)) return candidate;
  return DEFAULT_TIME_ZONE;
}

/** The zones a user may choose from, by name. */
export function timeZoneChoices(): string[] {
  return Intl.supportedValuesOf("timeZone");
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a calendar day begins in a zone. `day` is the day as UTC midnight (how a typed date
 * is read); the answer is that day's midnight on the zone's clocks, summer time included.
 */
export function startOfDayIn(day: Date, zone: string): Date {
  // The offset at the zone's midnight: guessed from UTC midnight, then taken again where it lands
  // (a change of summer time between the two moves it).
  const first = new Date(day.getTime() - offsetMinutes(day, zone) * 60_000);
  return new Date(day.getTime() - offsetMinutes(first, zone) * 60_000);
}

/** The calendar day (as UTC midnight) an instant falls on in a zone. */
export function calendarDayIn(instant: Date, zone: string): Date {
  const local = new Date(instant.getTime() + offsetMinutes(instant, zone) * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}
