import { describe, expect, it } from "vitest";
import { dayRangeOf } from "~/lists/date-range";
import { dateRangeOf } from "~/announcements/date-range";
import { mediumDate, mediumDateTime } from "~/i18n/date-format";
import { calendarDayIn, isTimeZone, resolveTimeZone, startOfDayIn } from "~/validation/time-zone";

describe("issue #33 time zones: the user's choice, else the browser's, else the location's, else UTC", () => {
  it("takes the first zone that is one", () => {
    expect(resolveTimeZone({ preference: "Asia/Seoul", browser: "Europe/Rome", location: "America/Chicago" })).toBe(
      "Asia/Seoul",
    );
    expect(resolveTimeZone({ preference: null, browser: "Europe/Rome", location: "America/Chicago" })).toBe(
      "Europe/Rome",
    );
    expect(resolveTimeZone({ browser: "Not/AZone", location: "America/Chicago" })).toBe("America/Chicago");
    expect(resolveTimeZone({})).toBe("UTC");
  });
  it("a zone is a name the runtime knows, of a bounded shape", () => {
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Etc/GMT+5")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "Europe/Berlin; drop", "../etc", "x".repeat(65), 42, null])
      expect(isTimeZone(bad)).toBe(false);
  });
});

describe("issue #33 time zones: a day is a whole day on the zone's clocks", () => {
  const day = new Date("2026-03-29T00:00:00Z");
  it("midnight in a zone, summer time included", () => {
    // Berlin changes to summer time that morning: the day began at 23:00 UTC the evening before.
    expect(startOfDayIn(day, "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn(new Date("2026-03-30T00:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
    expect(startOfDayIn(day, "Asia/Seoul").toISOString()).toBe("2026-03-28T15:00:00.000Z");
    expect(startOfDayIn(day, "America/New_York").toISOString()).toBe("2026-03-29T04:00:00.000Z");
    expect(startOfDayIn(day, "UTC").toISOString()).toBe("2026-03-29T00:00:00.000Z");
  });
  it("the calendar day of an instant depends on where one is", () => {
    const instant = new Date("2026-11-25T23:30:00Z");
    expect(calendarDayIn(instant, "UTC").toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(calendarDayIn(instant, "Asia/Seoul").toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(calendarDayIn(instant, "America/Chicago").toISOString()).toBe("2026-11-25T00:00:00.000Z");
  });
  it("the lists' from and to filters are whole days in the viewer's zone", () => {
    const { from, before } = dayRangeOf("2026-11-25", "2026-11-25", "Asia/Seoul");
    expect(from?.toISOString()).toBe("2026-11-24T15:00:00.000Z");
    expect(before?.toISOString()).toBe("2026-11-25T15:00:00.000Z");
    expect(dayRangeOf("2026-11-25", "", "UTC").from?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
  });
  it("the announcements' custom range too; last and next N days count from now", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const range = dateRangeOf({ kind: "custom", from: "2026-11-01", to: "2026-11-30" }, now, "America/Los_Angeles");
    expect(range.from?.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(range.to?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(dateRangeOf({ kind: "last", days: 7 }, now, "Asia/Seoul").to).toEqual(now);
  });
});

describe("issue #33 dates and times in the viewer's zone and language", () => {
  const instant = new Date("2026-11-25T23:30:00Z");
  it("a date falls on the zone's calendar; a time names its zone", () => {
    expect(mediumDate("en", "UTC").format(instant)).toBe("Nov 25, 2026");
    expect(mediumDate("en", "Asia/Seoul").format(instant)).toBe("Nov 26, 2026");
    expect(mediumDate("de", "Asia/Seoul").format(instant)).toBe("26.11.2026");
    expect(mediumDateTime("en", "Asia/Seoul").format(instant)).toMatch(/Nov 26, 2026.*08:30.*GMT\+9/);
  });
});
