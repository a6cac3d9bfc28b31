import { describe, expect, it } from "vitest";
import {
  countdownText,
  lastSeenIntervalMs,
  lastSeenIsDue,
  sessionEndReason,
  signInNoticeOf,
  warningLeadMs,
} from "~/auth/session-timeout";
import { passwordHasExpired } from "~/account/password-expiry";

const MIN = 60_000;
const HOUR = 60 * MIN;
const limits = { idleMs: 30 * MIN, maxMs: 12 * HOUR };
const signedIn = new Date("2026-11-23T08:00:00Z");
const at = (ms: number) => new Date(signedIn.getTime() + ms);

describe("issue #15 §5 idle time-out: a session without a request for SESSION_IDLE_MINUTES ends", () => {
  it("stands until the idle limit, counted from the last request", () => {
    const times = { createdAt: signedIn, lastSeenAt: at(2 * HOUR) };
    expect(sessionEndReason(times, at(2 * HOUR + 30 * MIN - 1), limits)).toBeNull();
    expect(sessionEndReason(times, at(2 * HOUR + 30 * MIN), limits)).toBe("inactivity");
  });
  it("a session never seen again counts from its sign-in", () => {
    const times = { createdAt: signedIn, lastSeenAt: null };
    expect(sessionEndReason(times, at(29 * MIN), limits)).toBeNull();
    expect(sessionEndReason(times, at(30 * MIN), limits)).toBe("inactivity");
  });
});

describe("issue #15 §5 absolute time-out: a session ends SESSION_MAX_HOURS after sign-in however busy", () => {
  it("ends at the limit even when seen a moment ago, and that reason wins over idleness", () => {
    expect(sessionEndReason({ createdAt: signedIn, lastSeenAt: at(12 * HOUR - MIN) }, at(12 * HOUR - 1), limits)).toBe(
      null,
    );
    expect(sessionEndReason({ createdAt: signedIn, lastSeenAt: at(12 * HOUR - MIN) }, at(12 * HOUR), limits)).toBe(
      "sessionEnded",
    );
    expect(sessionEndReason({ createdAt: signedIn, lastSeenAt: at(HOUR) }, at(13 * HOUR), limits)).toBe("sessionEnded");
  });
});

describe("a session's last seen is written at most once a minute, or a tenth of a short idle limit", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("a minute for the default limit; a tenth (at least a second) for a short one", () => {
    expect(lastSeenIntervalMs(30 * MIN)).toBe(MIN);
    expect(lastSeenIntervalMs(2 * MIN)).toBe(12_000);
    expect(lastSeenIntervalMs(3_000)).toBe(1_000);
  });
  it("due when never written or an interval old; not within it", () => {
    expect(lastSeenIsDue(null, now, 30 * MIN)).toBe(true);
    expect(lastSeenIsDue(new Date(now.getTime() - MIN), now, 30 * MIN)).toBe(true);
    expect(lastSeenIsDue(new Date(now.getTime() - 59_000), now, 30 * MIN)).toBe(false);
  });
});

describe("issue #15 §5 the warning shows two minutes before the idle limit", () => {
  it("two minutes for the default limit, half of a limit shorter than four minutes", () => {
    expect(warningLeadMs(30 * MIN)).toBe(2 * MIN);
    expect(warningLeadMs(3 * MIN)).toBe(90_000);
  });
});

describe("SPEC §2 the session-expiry modal counts down in mm:ss", () => {
  it("rounds up to whole seconds and never goes below zero", () => {
    expect(countdownText(2 * MIN)).toBe("02:00");
    expect(countdownText(61_500)).toBe("01:02");
    expect(countdownText(999)).toBe("00:01");
    expect(countdownText(-5)).toBe("00:00");
  });
});

describe("a sign-in notice is only one of the known reasons", () => {
  it("takes the reasons and refuses anything else", () => {
    expect(signInNoticeOf("inactivity")).toBe("inactivity");
    expect(signInNoticeOf("sessionEnded")).toBe("sessionEnded");
    expect(signInNoticeOf("<script>")).toBeNull();
    expect(signInNoticeOf(undefined)).toBeNull();
  });
});

describe("issue #15 §5 expired password: older than PASSWORD_MAX_AGE_DAYS must change at sign-in", () => {
  const DAY = 24 * HOUR;
  const now = new Date("2026-11-23T12:00:00Z");
  const created = new Date(now.getTime() - 400 * DAY);
  it("off without a maximum age", () => {
    expect(passwordHasExpired({ lastPassportChange: null, createdAt: created }, now, undefined)).toBe(false);
  });
  it("counts from the last change, at the edge of the age", () => {
    const changed = (days: number) => ({
      lastPassportChange: new Date(now.getTime() - days * DAY),
      createdAt: created,
    });
    expect(passwordHasExpired(changed(90), now, 90)).toBe(false);
    expect(
      passwordHasExpired({ ...changed(90), lastPassportChange: new Date(now.getTime() - 90 * DAY - 1) }, now, 90),
    ).toBe(true);
  });
  it("a password never changed counts from the account's creation", () => {
    expect(passwordHasExpired({ lastPassportChange: null, createdAt: created }, now, 365)).toBe(true);
    expect(passwordHasExpired({ lastPassportChange: null, createdAt: created }, now, 500)).toBe(false);
  });
});
