import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysUntilDeactivation,
  deactivatesInDays,
  dormancyWarningDue,
  exemptionSchema,
  exemptOn,
} from "~/users/dormancy";
import { dueForAutoDeactivation } from "~/users/lifecycle";

const DAY = 86_400_000;
const now = new Date("2026-12-01T03:10:00Z");

describe("issue #39 §4 warnings before dormancy: the rules", () => {
  it("counts the days left: 14 with 166 days and an hour away, 1 on the last day, 0 once due", () => {
    expect(daysUntilDeactivation(new Date(now.getTime() - 166 * DAY - 3_600_000), now)).toBe(14);
    expect(daysUntilDeactivation(new Date(now.getTime() - 179 * DAY - 3_600_000), now)).toBe(1);
    expect(daysUntilDeactivation(new Date(now.getTime() - 180 * DAY), now)).toBe(0);
  });

  it("is due for auto-deactivation exactly when no day is left (not exempt), for any last sign-in", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 }), (hoursAgo) => {
        const lastLoginAt = new Date(now.getTime() - hoursAgo * 3_600_000);
        const due = dueForAutoDeactivation({ status: "active", lastLoginAt, createdAt: lastLoginAt }, now);
        expect(due).toBe(daysUntilDeactivation(lastLoginAt, now) <= 0 && hoursAgo > 180 * 24);
      }),
    );
  });

  it("warns at 14, 3 and 1 days: the most urgent reached, once per period, none once due", () => {
    expect(dormancyWarningDue(20, [])).toBeNull();
    expect(dormancyWarningDue(14, [])).toBe(14);
    expect(dormancyWarningDue(10, [14])).toBeNull();
    expect(dormancyWarningDue(3, [14])).toBe(3);
    // A job that missed days sends the most urgent only, and not the 14 days' afterwards.
    expect(dormancyWarningDue(2, [])).toBe(3);
    expect(dormancyWarningDue(1, [3])).toBe(1);
    expect(dormancyWarningDue(1, [1])).toBeNull();
    expect(dormancyWarningDue(0, [])).toBeNull();
  });

  it("never sends a stage twice nor a less urgent one after a more urgent, walking any days in any order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 40 }), (days) => {
        const sent: number[] = [];
        for (const left of [...days].sort((a, b) => b - a)) {
          const due = dormancyWarningDue(left, sent);
          if (due !== null) {
            expect(sent).not.toContain(due);
            expect(sent.every((earlier) => earlier > due)).toBe(true);
            expect(left).toBeLessThanOrEqual(due);
            sent.push(due);
          }
        }
      }),
    );
  });

  it("an exemption holds through its last day (UTC) and spares the user deactivation and the list's warning", () => {
    expect(exemptOn("2026-12-01", now)).toBe(true);
    expect(exemptOn("2026-11-30", now)).toBe(false);
    expect(exemptOn(null, now)).toBe(false);
    const long = new Date(now.getTime() - 200 * DAY);
    expect(
      dueForAutoDeactivation(
        { status: "active", lastLoginAt: long, createdAt: long, dormancyExemptUntil: "2026-12-01" },
        now,
      ),
    ).toBe(false);
    expect(
      dueForAutoDeactivation({ status: "active", lastLoginAt: long, createdAt: long, dormancyExemptUntil: null }, now),
    ).toBe(true);
    const soon = new Date(now.getTime() - 175 * DAY - 3_600_000);
    const user = { status: "active", lastLoginAt: soon, createdAt: soon, dormancyExemptUntil: null };
    expect(deactivatesInDays(user, now)).toBe(5);
    expect(deactivatesInDays({ ...user, dormancyExemptUntil: "2027-01-01" }, now)).toBeNull();
    expect(deactivatesInDays({ ...user, status: "inactive" }, now)).toBeNull();
    expect(deactivatesInDays({ ...user, lastLoginAt: now }, now)).toBeNull();
  });

  it("takes an exemption until a day after today within a year, with a reason", () => {
    const schema = exemptionSchema(now);
    expect(schema.safeParse({ until: "2027-03-01", reason: " Seasonal " }).data).toEqual({
      until: "2027-03-01",
      reason: "Seasonal",
    });
    const message = (values: object) => schema.safeParse(values).error?.issues[0].message;
    expect(message({ until: "2026-12-01", reason: "x" })).toBe("dormancy.exemptInFuture");
    expect(message({ until: "2028-01-01", reason: "x" })).toBe("dormancy.exemptTooLong");
    expect(message({ until: "01/03/2027", reason: "x" })).toBe("validations.date");
    expect(message({ until: "2027-02-31", reason: "x" })).toBe("validations.date");
    expect(message({ until: "2027-03-01", reason: "   " })).toBe("validations.required");
  });
});
