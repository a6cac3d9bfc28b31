import { describe, expect, it } from "vitest";
import {
  attestationGroupOf,
  attestationIsDue,
  attestationReminderIsDue,
  daysSinceLogin,
  groupAttestationRows,
  groupCheckState,
  securityReviewShowsOn,
  selectedForDisabling,
  sortAttestationRows,
  toggleGroup,
} from "~/security-review/rules";
import { disableAccountsSchema, securityReviewSchema } from "~/security-review/schema";
import { MAX_RECORD_ID } from "~/limits";

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

const row = (id: number, days: number | null, firstName = `F${id}`, self = false) => ({
  id,
  daysSinceLogin: days,
  firstName,
  lastName: `L${id}`,
  email: `u${id}@example.com`,
  group: attestationGroupOf(days),
  self,
});

describe("SPEC §2 security review table: sortable, grouped, default sort daysSinceLogin descending", () => {
  const rows = [row(1, 5, "Zoe"), row(2, null, "Al"), row(3, 120, "Bo"), row(4, 45, "Cy"), row(5, 200, "Di")];
  it("days since login descending puts never signed in first", () => {
    expect(sortAttestationRows(rows, "daysSinceLogin", "desc").map((r) => r.id)).toEqual([2, 5, 3, 4, 1]);
    expect(sortAttestationRows(rows, "daysSinceLogin", "asc").map((r) => r.id)).toEqual([1, 4, 3, 5, 2]);
  });
  it("a text column sorts by its text, either way", () => {
    expect(sortAttestationRows(rows, "firstName", "asc").map((r) => r.firstName)).toEqual([
      "Al",
      "Bo",
      "Cy",
      "Di",
      "Zoe",
    ]);
    expect(sortAttestationRows(rows, "firstName", "desc")[0].firstName).toBe("Zoe");
  });
  it("groups show in the order never, more than 90, more than 30, less than 30, empty ones left out", () => {
    const groups = groupAttestationRows(sortAttestationRows(rows, "daysSinceLogin", "desc"));
    expect(groups.map((g) => g.group.id)).toEqual([3, 0, 1, 2]);
    expect(groups[1].rows.map((r) => r.id)).toEqual([5, 3]);
    expect(groupAttestationRows([row(1, 5)]).map((g) => g.group.id)).toEqual([2]);
  });
});

describe("SPEC §4 attestation selection without JavaScript: a picked group selects its members, never the admin's own row", () => {
  const rows = [row(1, 200), row(2, 150, "Me", true), row(3, 10), row(4, null)];
  it("single rows and whole groups", () => {
    expect(selectedForDisabling(rows, { identityIds: [3], groups: [] })).toEqual([3]);
    expect(selectedForDisabling(rows, { identityIds: [4], groups: [0] })).toEqual([1, 4]);
  });
  it("the reviewer's own row and users not listed are never selected", () => {
    expect(selectedForDisabling(rows, { identityIds: [2, 99], groups: [] })).toEqual([]);
  });
});

describe("SPEC §4 the review modal closes on a user-edit route and reopens on other navigation while active", () => {
  it("not on a user's editor nor on its own page", () => {
    expect(securityReviewShowsOn("/admin/users/12/edit")).toBe(false);
    expect(securityReviewShowsOn("/admin/users/12/edit/roles")).toBe(false);
    expect(securityReviewShowsOn("/security-review")).toBe(false);
  });
  it("on every other page", () => {
    expect(securityReviewShowsOn("/")).toBe(true);
    expect(securityReviewShowsOn("/admin/users")).toBe(true);
    expect(securityReviewShowsOn("/admin/users/12/read")).toBe(true);
  });
});

describe("the security review's posts", () => {
  it("Proceed is refused unless the accuracy box is checked", () => {
    expect(securityReviewSchema.safeParse({ intent: "proceed" }).success).toBe(false);
    expect(securityReviewSchema.safeParse({ intent: "proceed", accurate: "on" }).success).toBe(true);
  });
  it("the confirmation's ids come as one comma-separated field", () => {
    const parsed = securityReviewSchema.parse({ intent: "disableConfirmed", identityIds: "4,7" });
    expect(parsed).toEqual({ intent: "disableConfirmed", identityIds: [4, 7] });
  });
});

describe("issue #16 §3 the reminder of a due review goes out at most once in ATTESTATION_REMINDER_DAYS", () => {
  it("never reminded, or the interval has passed", () => {
    expect(attestationReminderIsDue(null, now, 7)).toBe(true);
    expect(attestationReminderIsDue(new Date(now.getTime() - 7 * DAY), now, 7)).toBe(true);
  });
  it("not again within the interval", () => {
    expect(attestationReminderIsDue(new Date(now.getTime() - 7 * DAY + 1), now, 7)).toBe(false);
  });
});

describe("issue #35 ids beyond PostgreSQL's integer never reach a query", () => {
  it("the deactivate body and the review page's form refuse an id above MAX_RECORD_ID", () => {
    expect(disableAccountsSchema.safeParse({ identityIds: [MAX_RECORD_ID] }).success).toBe(true);
    expect(disableAccountsSchema.safeParse({ identityIds: [MAX_RECORD_ID + 1] }).success).toBe(false);
    expect(disableAccountsSchema.safeParse({ identityIds: [9007199254740947] }).success).toBe(false);
    expect(
      securityReviewSchema.safeParse({ intent: "disableConfirmed", identityIds: `1,${MAX_RECORD_ID + 1}` }).success,
    ).toBe(false);
  });
});
