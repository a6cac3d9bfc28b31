import { describe, expect, it } from "vitest";
import { dayRangeOf } from "~/lists/date-range";
import { auditQueryOf, auditViewOf, onlySignIn } from "~/audit/query";
import { integrationErrorQueryOf } from "~/integrations/report";

const params = (query: string) => new URLSearchParams(query);

describe("issue #15 §3–4 day filters", () => {
  it("dayRangeOf: the end day counts in full; an end before the start is refused and neither day applies", () => {
    expect(dayRangeOf("2026-03-01", "2026-03-02")).toEqual({
      from: new Date("2026-03-01T00:00:00Z"),
      before: new Date("2026-03-03T00:00:00Z"),
      problems: {},
    });
    expect(dayRangeOf("2026-03-10", "2026-03-01")).toEqual({ problems: { to: "validations.dateRange" } });
    expect(dayRangeOf("nope", "")).toEqual({ problems: { from: "validations.date" } });
    expect(dayRangeOf("", "")).toEqual({ problems: {} });
  });
});

describe("issue #15 §3 integration error report filters", () => {
  it("serial number and organization id as typed; a non-number organization id is named and not applied", () => {
    const query = integrationErrorQueryOf(params("serialNumber=SN-1002&organizationId=12&from=2026-01-01"));
    expect(query.applied).toEqual({ serialNumber: "SN-1002", organizationId: 12, from: new Date("2026-01-01Z") });
    expect(query.state).toMatchObject({ sortBy: "errorDate", sortType: "desc", page: 1 });
    const bad = integrationErrorQueryOf(params("organizationId=12a"));
    expect(bad.problems).toEqual({ organizationId: "validations.numeric" });
    expect(bad.applied.organizationId).toBeUndefined();
    expect(bad.filters.organizationId).toBe("12a");
    expect(integrationErrorQueryOf(params("organizationId=1.5")).problems).toEqual({
      organizationId: "validations.integer",
    });
    expect(integrationErrorQueryOf(params("organizationId=-4")).problems).toEqual({
      organizationId: "validations.wholeNumber",
    });
  });
});

describe("issue #15 §4 audit view", () => {
  it("two views: users and organizations; anything else is no view", () => {
    expect(auditViewOf("users")).toBe("users");
    expect(auditViewOf("organizations")).toBe("organizations");
    expect(auditViewOf("roles")).toBeNull();
  });
  it("auditQueryOf: newest first; a known operation only; exclude last logins only when asked", () => {
    expect(auditQueryOf(params(""))).toMatchObject({
      state: { sortBy: "changedOn", sortType: "desc" },
      applied: { excludeLastLogins: false },
    });
    expect(auditQueryOf(params("operation=resync&excludeLastLogins=1")).applied).toMatchObject({
      operation: "resync",
      excludeLastLogins: true,
    });
    expect(auditQueryOf(params("operation=drop")).applied.operation).toBeUndefined();
  });
  it("onlySignIn: a change of the last login alone is a sign-in; with any other field it is not", () => {
    expect(onlySignIn([{ field: "lastLoginAt" }])).toBe(true);
    expect(onlySignIn([{ field: "lastLoginAt" }, { field: "status" }])).toBe(false);
    expect(onlySignIn([])).toBe(false);
  });
});
