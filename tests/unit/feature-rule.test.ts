import { describe, expect, it } from "vitest";
import { satisfiesRule } from "~/security/feature-rule";
import { derivedFeatures } from "~/permissions/derived-features";
import { isAnyAdmin } from "~/permissions/features";

describe("SPEC §6 permission checks: all-of, any-of, exclusion", () => {
  it("all-of needs every listed feature", () => {
    expect(satisfiesRule(["a", "b"], { all: ["a", "b"] })).toBe(true);
    expect(satisfiesRule(["a"], { all: ["a", "b"] })).toBe(false);
  });
  it("any-of needs at least one listed feature", () => {
    expect(satisfiesRule(["b"], { any: ["a", "b"] })).toBe(true);
    expect(satisfiesRule(["c"], { any: ["a", "b"] })).toBe(false);
  });
  it("an excluded feature denies even when the rest holds", () => {
    expect(satisfiesRule(["a", "x"], { any: ["a"], exclude: ["x"] })).toBe(false);
    expect(satisfiesRule(["a"], { any: ["a"], exclude: ["x"] })).toBe(true);
  });
  it("an empty rule means sign-in only", () => {
    expect(satisfiesRule([], {})).toBe(true);
  });
});

describe("SPEC §6 derived features", () => {
  it("serialNumber:present when the user has an employee number", () => {
    expect(derivedFeatures({ employeeNumber: "E-1", directoryGroups: [] }, "okta")).toEqual(["serialNumber:present"]);
    expect(derivedFeatures({ employeeNumber: null, directoryGroups: [] }, "okta")).toEqual([]);
    expect(derivedFeatures({ employeeNumber: "  ", directoryGroups: [] }, "okta")).toEqual([]);
  });
  it("one feature per directory group, prefixed with the identity provider's short name", () => {
    expect(derivedFeatures({ employeeNumber: null, directoryGroups: ["sales", "service"] }, "okta")).toEqual([
      "okta:sales",
      "okta:service",
    ]);
  });
});

describe("SPEC §6 admin status", () => {
  it.each([
    "admin:announcements:write",
    "admin:users:write",
    "admin:applications:write",
    "admin:securityRoles:write",
    "admin:permissionSets:write",
  ])("holds with %s", (feature) => expect(isAnyAdmin([feature])).toBe(true));
  it("does not hold with read-only features", () => {
    expect(isAnyAdmin(["admin:users:read", "admin:announcements:read", "audit:users:read"])).toBe(false);
  });
});
