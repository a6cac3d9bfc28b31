import { describe, expect, it } from "vitest";
import {
  attestationGroupOf,
  attestationIsDue,
  daysSinceLogin,
  groupCheckState,
  toggleGroup,
} from "~/attestation/rules";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");

describe("SPEC §4 attestation groups: never → 3 error; > 90 days → 0 error; > 30 → 1 warn; else 2 correct", () => {
  it("never signed in is group 3 in the error colour", () => {
    expect(attestationGroupOf(null)).toEqual({ id: 3, colour: "error" });
  });
  it("at the edges of 90 and 30 days", () => {
    expect(attestationGroupOf(91)).toEqual({ id: 0, colour: "error" });
    expect(attestationGroupOf(90)).toEqual({ id: 1, colour: "warn" });
    expect(attestationGroupOf(31)).toEqual({ id: 1, colour: "warn" });
    expect(attestationGroupOf(30)).toEqual({ id: 2, colour: "correct" });
    expect(attestationGroupOf(0)).toEqual({ id: 2, colour: "correct" });
  });
  it("days since login are whole days; none without a sign-in", () => {
    expect(daysSinceLogin(null, now)).toBeNull();
    expect(daysSinceLogin(new Date(now.getTime() - 31 * DAY + 1), now)).toBe(30);
    expect(daysSinceLogin(new Date(now.getTime() - 31 * DAY), now)).toBe(31);
  });
});

describe("SPEC §4 attestation selection: a group checkbox toggles its enabled members and shows an indeterminate state", () => {
  const members = [1, 2, 3];
  it("none, some and all of the enabled members", () => {
    expect(groupCheckState(new Set(), members)).toBe("unchecked");
    expect(groupCheckState(new Set([2]), members)).toBe("indeterminate");
    expect(groupCheckState(new Set([1, 2, 3, 9]), members)).toBe("checked");
  });
  it("toggling selects every enabled member unless all were selected, and leaves the others alone", () => {
    expect([...toggleGroup(new Set([2, 9]), members)].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggleGroup(new Set([1, 2, 3, 9]), members)]).toEqual([9]);
  });
});

describe("issue #16 §1 adminAttestation: due when the last security review is older than ATTESTATION_PERIOD_DAYS", () => {
  it("never reviewed is due; within the period it is not; past it, it is", () => {
    expect(attestationIsDue(null, now, 90)).toBe(true);
    expect(attestationIsDue(new Date(now.getTime() - 90 * DAY), now, 90)).toBe(false);
    expect(attestationIsDue(new Date(now.getTime() - 90 * DAY - 1), now, 90)).toBe(true);
  });
});
