import { describe, expect, it } from "vitest";
import cronParser from "cron-parser";
import { dueForAutoDeactivation } from "~/users/lifecycle";
import { JOB_NAMES, SCHEDULES } from "~/jobs/schedules";
import { getMigrationPlans } from "pg-boss";
import { JOBS_SCHEMA, OLDEST_MIGRATABLE_JOB_SCHEMA, jobSchemaIsOutdated } from "~/jobs/runner.server";

const DAY = 86_400_000;
const now = new Date("2026-11-23T02:20:00Z");
const ago = (days: number, ms = 0) => new Date(now.getTime() - days * DAY - ms);

describe("SPEC §4 auto-deactivation: more than 180 days without a sign-in", () => {
  const user = { status: "active" as const, lastLoginAt: ago(10), createdAt: ago(400) };
  it("exactly 180 days is not yet more than 180; a moment later is", () => {
    expect(dueForAutoDeactivation({ ...user, lastLoginAt: ago(180) }, now)).toBe(false);
    expect(dueForAutoDeactivation({ ...user, lastLoginAt: ago(180, 1) }, now)).toBe(true);
    expect(dueForAutoDeactivation(user, now)).toBe(false);
  });
  it("a user who never signed in counts from their creation", () => {
    expect(dueForAutoDeactivation({ ...user, lastLoginAt: null, createdAt: ago(181) }, now)).toBe(true);
    expect(dueForAutoDeactivation({ ...user, lastLoginAt: null, createdAt: ago(30) }, now)).toBe(false);
  });
  it("an inactive user is left as they are", () => {
    expect(dueForAutoDeactivation({ ...user, status: "inactive", lastLoginAt: ago(500) }, now)).toBe(false);
  });
});

describe("issue #15 §1 schedules", () => {
  it("issue #39 §4 the dormancy warnings run daily, before that day's auto-deactivation", () => {
    const first = (name: keyof typeof SCHEDULES) =>
      cronParser
        .parseExpression(SCHEDULES[name], { tz: "UTC", currentDate: new Date("2026-11-23T00:00:00Z") })
        .next()
        .getTime();
    expect(first("dormancy-warnings")).toBeLessThan(first("auto-deactivation"));
  });

  it("housekeeping and verification expiry hourly, auto-deactivation daily, mail retries every minute, push retries every minute, security review reminders daily, the network's figures every five minutes", () => {
    const gap = (name: keyof typeof SCHEDULES) => {
      const next = cronParser.parseExpression(SCHEDULES[name], { tz: "UTC", currentDate: now });
      return -next.next().getTime() + next.next().getTime();
    };
    expect(gap("housekeeping")).toBe(60 * 60 * 1000);
    expect(gap("auto-deactivation")).toBe(DAY);
    expect(gap("mail-retry")).toBe(60 * 1000);
    expect(gap("verification-expiry")).toBe(60 * 60 * 1000);
    expect(gap("integration-push")).toBe(60 * 1000);
    expect(gap("security-review-reminder")).toBe(DAY);
    expect(gap("dormancy-warnings")).toBe(DAY);
    expect(gap("network-figures")).toBe(5 * 60 * 1000);
    expect(gap("acknowledgement-reminders")).toBe(60 * 60 * 1000);
    expect(JOB_NAMES).toEqual([
      "housekeeping",
      "dormancy-warnings",
      "auto-deactivation",
      "verification-expiry",
      "mail-retry",
      "integration-push",
      "security-review-reminder",
      "network-figures",
      "acknowledgement-reminders",
    ]);
  });
});

describe("issue #32 §2 the jobs' schema pg-boss can still migrate", () => {
  it("a schema older than the oldest migratable one is replaced; the current one, or none, is kept", () => {
    expect(jobSchemaIsOutdated(OLDEST_MIGRATABLE_JOB_SCHEMA - 1)).toBe(true);
    expect(jobSchemaIsOutdated(OLDEST_MIGRATABLE_JOB_SCHEMA)).toBe(false);
    expect(jobSchemaIsOutdated(null)).toBe(false);
  });
  it("the oldest migratable schema is the one the installed pg-boss migrates from, and no older", () => {
    expect(() => getMigrationPlans(JOBS_SCHEMA, OLDEST_MIGRATABLE_JOB_SCHEMA)).not.toThrow();
    expect(() => getMigrationPlans(JOBS_SCHEMA, OLDEST_MIGRATABLE_JOB_SCHEMA - 1)).toThrow(/oldest supported/);
  });
});
