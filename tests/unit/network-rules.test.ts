import { describe, expect, it } from "vitest";
import {
  directoryComplete,
  networkLevelOf,
  networkNeedOf,
  percentOf,
  reviewDaysOverdue,
  reviewOverdue,
  withinScope,
} from "~/network/rules";

const DAY = 86_400_000;
const scope = { brandIds: [1, 2], regionCodes: ["NA"] };
const params = (query: string) => new URLSearchParams(query);

describe("issue #40 §1 the network dashboard's rules", () => {
  it("networkLevelOf: a brand and region of the holder's, a dealer below it; anything else is the whole network", () => {
    expect(networkLevelOf(params(""), scope)).toEqual({ kind: "network" });
    expect(networkLevelOf(params("brandId=1&region=NA"), scope)).toEqual({
      kind: "brandRegion",
      brandId: 1,
      regionCode: "NA",
    });
    expect(networkLevelOf(params("brandId=2&region=NA&dealer=17"), scope)).toEqual({
      kind: "dealer",
      brandId: 2,
      regionCode: "NA",
      dealerId: 17,
    });
    // Not theirs, or not a brand, region or dealer at all.
    for (const query of [
      "brandId=3&region=NA",
      "brandId=1&region=EMEA",
      "brandId=1",
      "brandId=x&region=NA",
      "brandId=01&region=NA",
    ])
      expect(networkLevelOf(params(query), scope), query).toEqual({ kind: "network" });
    expect(networkLevelOf(params("brandId=1&region=NA&dealer=0"), scope).kind).toBe("brandRegion");
    expect(networkLevelOf(params("brandId=1&region=NA&dealer=99999999999"), scope).kind).toBe("brandRegion");
  });

  it("networkNeedOf knows the figures' needs and nothing else", () => {
    expect(networkNeedOf(params("need=reviewOverdue"))).toBe("reviewOverdue");
    expect(networkNeedOf(params("need=drop table"))).toBeNull();
    expect(networkNeedOf(params(""))).toBeNull();
  });

  it("withinScope: a brand of the holder's in one of their regions", () => {
    expect(withinScope(scope, 1, "NA")).toBe(true);
    expect(withinScope(scope, 3, "NA")).toBe(false);
    expect(withinScope(scope, 1, "APAC")).toBe(false);
    expect(withinScope({ brandIds: [], regionCodes: [] }, 1, "NA")).toBe(false);
  });

  it("directoryComplete: every required role held; a location with none required is complete", () => {
    expect(directoryComplete({ requiredRoles: 3, filledRoles: 3 })).toBe(true);
    expect(directoryComplete({ requiredRoles: 3, filledRoles: 2 })).toBe(false);
    expect(directoryComplete({ requiredRoles: 0, filledRoles: 0 })).toBe(true);
  });

  it("reviewDaysOverdue counts whole days past the period; never reviewed is overdue with no count", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(reviewDaysOverdue(new Date(now.getTime() - 30 * DAY), now, 90)).toBe(0);
    expect(reviewDaysOverdue(new Date(now.getTime() - 90 * DAY), now, 90)).toBe(0);
    expect(reviewDaysOverdue(new Date(now.getTime() - 90 * DAY - 1000), now, 90)).toBe(1);
    expect(reviewDaysOverdue(new Date(now.getTime() - 100.5 * DAY), now, 90)).toBe(10);
    expect(reviewDaysOverdue(null, now, 90)).toBeNull();
    expect(reviewOverdue(null, now, 90)).toBe(true);
    expect(reviewOverdue(new Date(now.getTime() - 91 * DAY), now, 90)).toBe(true);
    expect(reviewOverdue(new Date(now.getTime() - 89 * DAY), now, 90)).toBe(false);
  });

  it("percentOf rounds to whole percent, 100 with nothing to count", () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 4)).toBe(0);
    expect(percentOf(0, 0)).toBe(100);
  });
});
