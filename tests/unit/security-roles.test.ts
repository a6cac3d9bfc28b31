import { describe, expect, it } from "vitest";
import { childCycle, cycleAfterSave, grantedFeatures, type RoleNode } from "~/security-roles/rules";
import { selectionProblem, setsMissingASelection, setsShownFor, type PermissionSetRule } from "~/permission-sets/rules";

const roles = new Map<number, RoleNode>([
  [1, { id: 1, features: ["admin:users:write"], children: [2] }],
  [2, { id: 2, features: ["documents:view"], children: [3] }],
  [3, { id: 3, features: ["documents:view", "serialNumber:present"], children: [] }],
  [4, { id: 4, features: ["audit:users:read"], children: [] }],
]);

describe("issue #13 security roles: a holder gets the role's features and its children's, transitively", () => {
  it("unions the features down the hierarchy", () => {
    expect(grantedFeatures([1], roles)).toEqual(["admin:users:write", "documents:view", "serialNumber:present"]);
    expect(grantedFeatures([2, 4], roles)).toEqual(["audit:users:read", "documents:view", "serialNumber:present"]);
    expect(grantedFeatures([], roles)).toEqual([]);
  });

  it("stops on a cycle already in the data instead of looping", () => {
    const looped = new Map<number, RoleNode>([
      [1, { id: 1, features: ["a"], children: [2] }],
      [2, { id: 2, features: ["b"], children: [1] }],
    ]);
    expect(grantedFeatures([1], looped)).toEqual(["a", "b"]);
  });
});

describe("issue #13 security roles: a save that would make a cycle is refused", () => {
  const edges = new Map<number, number[]>([
    [1, [2]],
    [2, [3]],
  ]);

  it("finds a cycle in parent → child edges, naming it from its first role back to it", () => {
    expect(childCycle(edges)).toBeNull();
    expect(childCycle(new Map([...edges, [3, [1]]]))).toEqual([1, 2, 3, 1]);
  });

  it("a role made a child of its own descendant closes a cycle; a sibling edge does not", () => {
    expect(cycleAfterSave(edges, 1, { parents: [3], children: [2] })).toEqual([1, 2, 3, 1]);
    expect(cycleAfterSave(edges, 3, { parents: [2], children: [1] })).toEqual([3, 1, 2, 3]);
    expect(cycleAfterSave(edges, 4, { parents: [1], children: [3] })).toBeNull();
    expect(cycleAfterSave(edges, 2, { parents: [], children: [] })).toBeNull();
  });

  it("a role is never its own parent or child", () => {
    expect(cycleAfterSave(edges, 2, { parents: [2], children: [] })).toEqual([2, 2]);
  });
});

describe("issue #13 permission sets: which sets a user sees and what a selection must be", () => {
  const brakes: PermissionSetRule = {
    id: 1,
    displayName: "Warranty approvals",
    required: true,
    selectionMode: "single",
    applicationId: 7,
    roleIds: [10, 11],
  };
  const reports: PermissionSetRule = {
    id: 2,
    displayName: "Reports",
    required: false,
    selectionMode: "multiple",
    applicationId: null,
    roleIds: [12, 13],
  };

  it("a set shows when it is global or belongs to one of the user's applications", () => {
    expect(setsShownFor([brakes, reports], [7]).map((s) => s.id)).toEqual([1, 2]);
    expect(setsShownFor([brakes, reports], [8]).map((s) => s.id)).toEqual([2]);
  });

  it("single means exactly one role, multiple one or more; a required set needs a selection", () => {
    expect(selectionProblem(brakes, [])).toBe("required");
    expect(selectionProblem(brakes, [10])).toBeNull();
    expect(selectionProblem(brakes, [10, 11])).toBe("single");
    expect(selectionProblem(reports, [])).toBeNull();
    expect(selectionProblem(reports, [12, 13])).toBeNull();
    expect(selectionProblem(reports, [99])).toBe("notOffered");
  });

  it("names the required sets without a selection", () => {
    expect(setsMissingASelection([brakes, reports], new Map([[2, [12]]]))).toEqual(["Warranty approvals"]);
    expect(setsMissingASelection([brakes, reports], new Map([[1, [11]]]))).toEqual([]);
  });
});
