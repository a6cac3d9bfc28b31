import { describe, expect, it } from "vitest";
import { cappedTotalOf, countLimitOf } from "~/lists/list-query";
import { COUNT_CAP, PAGE_BUTTONS, PAGE_SIZE } from "~/limits";

describe("issue #37 §4 a capped count (countLimitOf, cappedTotalOf)", () => {
  it("looks for one more row than the cap on the first pages", () => {
    expect(countLimitOf(0, PAGE_SIZE, COUNT_CAP)).toBe(COUNT_CAP + 1);
    expect(countLimitOf(500, PAGE_SIZE, COUNT_CAP)).toBe(COUNT_CAP + 1);
  });

  it("looks past a later page far enough for the pager's buttons after it", () => {
    expect(countLimitOf(2_000, PAGE_SIZE, COUNT_CAP)).toBe(2_000 + PAGE_SIZE * PAGE_BUTTONS + 1);
    expect(countLimitOf(990, 100, COUNT_CAP)).toBe(990 + 100 * PAGE_BUTTONS + 1);
  });

  it("shows what it found when the count stopped short of its limit", () => {
    expect(cappedTotalOf(0, 1_001)).toEqual({ total: 0, totalCapped: false });
    expect(cappedTotalOf(1_000, 1_001)).toEqual({ total: 1_000, totalCapped: false });
  });

  it("says more than the cap when the count reached its limit", () => {
    expect(cappedTotalOf(1_001, 1_001)).toEqual({ total: 1_000, totalCapped: true });
  });
});
