import { describe, expect, it } from "vitest";
import { numberProblemOf } from "~/validation/numeric";
import { dateRangeErrors } from "~/announcements/date-range";

describe("SPEC §5 generic messages: Value must be numeric, Value is not an integer", () => {
  it("a value that is no number is not numeric", () => {
    for (const raw of ["abc", "12a", "1,5", "1e3", "--1", ".", "٣"]) {
      expect(numberProblemOf(raw, "number"), raw).toBe("validations.numeric");
    }
  });
  it("a number with a fraction is not an integer where a whole number is wanted", () => {
    expect(numberProblemOf("2.5", "integer")).toBe("validations.integer");
    expect(numberProblemOf("2.5", "number")).toBeNull();
    expect(numberProblemOf(" 14 ", "integer")).toBeNull();
    expect(numberProblemOf("-3", "integer")).toBeNull();
    expect(numberProblemOf("2.0", "integer")).toBeNull();
  });
  it("an empty value is left to the required rule", () => {
    expect(numberProblemOf("", "integer")).toBeNull();
  });
  it("the announcement list's number of days gets them", () => {
    expect(dateRangeErrors(new URLSearchParams("range=last&days=ten"))).toEqual({ days: "validations.numeric" });
    expect(dateRangeErrors(new URLSearchParams("range=last&days=7.5"))).toEqual({ days: "validations.integer" });
    expect(dateRangeErrors(new URLSearchParams("range=last&days=7"))).toEqual({});
  });
});
