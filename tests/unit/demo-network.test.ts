import { describe, expect, it } from "vitest";
import { demoNetworkPlan, demoNetworkStaffCount } from "~/seed/seed-network";

describe("issue #40 §4 the demo network spreads over the five brands and three regions, with gaps", () => {
  const plan = demoNetworkPlan();
  const locations = plan.flatMap((dealer) => dealer.locations);
  const staff = locations.flatMap((place) => place.staff);

  it("two dealers of every brand in every region, each with one to three locations", () => {
    for (const brandId of [1, 2, 3, 4, 5])
      for (const region of ["NA", "EMEA", "APAC"])
        expect(plan.filter((d) => d.brandId === brandId && d.region === region)).toHaveLength(2);
    expect(plan.every((d) => d.locations.length >= 1 && d.locations.length <= 3)).toBe(true);
    expect(new Set(plan.map((d) => d.name)).size).toBe(plan.length);
    expect(new Set(locations.map((l) => l.name)).size).toBe(locations.length);
  });

  it("has every kind of gap: unheld contacts, reviews never made and overdue, accounts unused and dormant, errors", () => {
    expect(locations.some((l) => l.holds.includes(false))).toBe(true);
    expect(locations.some((l) => l.holds.slice(0, 3).every(Boolean))).toBe(true);
    expect(locations.some((l) => l.reviewDaysAgo === null)).toBe(true);
    expect(locations.some((l) => l.reviewDaysAgo !== null && l.reviewDaysAgo > 90)).toBe(true);
    expect(locations.some((l) => l.reviewDaysAgo !== null && l.reviewDaysAgo < 90)).toBe(true);
    expect(staff.some((s) => s.lastLoginDaysAgo === null)).toBe(true);
    expect(staff.some((s) => s.lastLoginDaysAgo !== null && s.lastLoginDaysAgo >= 90)).toBe(true);
    expect(locations.some((l) => l.errors)).toBe(true);
  });

  it("no one of it is due for deactivation (no job writes to the demo network's people), and the plan is the same every time", () => {
    expect(staff.every((s) => s.lastLoginDaysAgo === null || s.lastLoginDaysAgo < 166)).toBe(true);
    expect(new Set(staff.map((s) => s.email)).size).toBe(staff.length);
    expect(demoNetworkPlan()).toEqual(plan);
    expect(demoNetworkStaffCount()).toBe(staff.length);
  });
});
