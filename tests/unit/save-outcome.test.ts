import { describe, expect, it } from "vitest";
import { removalOf } from "~/forms/save-outcome";

describe("removalOf reads a delete's outcome alike for the editors and the API", () => {
  it("takes a boolean: deleted, or not there", () => {
    expect(removalOf(true)).toBe("deleted");
    expect(removalOf(false)).toBe("missing");
  });

  it("takes an outcome with a kind: deleted, missing, or the service's refusal", () => {
    expect(removalOf({ kind: "deleted" })).toBe("deleted");
    expect(removalOf({ kind: "missing" })).toBe("missing");
    expect(removalOf({ kind: "inUse" })).toBe("refused");
  });
});
