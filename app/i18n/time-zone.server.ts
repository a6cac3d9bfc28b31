import type { Actor } from "~/permissions/actor";
import { BROWSER_TIME_ZONE_COOKIE, resolveTimeZone } from "~/validation/time-zone";
import { cookieValue } from "./locale";

/**
 * The time zone of a request's pages (issue #33): the user's own choice, else the zone the
 * browser's script reported (a cookie), else the user's location's, else UTC.
 */
export function requestTimeZone(
  request: Request,
  user: Pick<Actor, "profile"> | null | undefined,
  options: { automatic?: boolean } = {},
): string {
  return resolveTimeZone({
    // "Automatic": what the zone would be without a choice of the user's own.
    preference: options.automatic ? null : user?.profile.timeZones?.preference,
    browser: cookieValue(request.headers.get("Cookie"), BROWSER_TIME_ZONE_COOKIE),
    location: user?.profile.timeZones?.location,
  });
}
