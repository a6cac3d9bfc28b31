import { describe, expect, it } from "vitest";
import {
  normalPermissions,
  permissionProblems,
  permissionsAfterPost,
  permissionsOfForm,
  permissionsWithin,
  prunedToOffers,
  setLocked,
  shownSets,
  userApplicationIds,
  type DigitalOffers,
  type OfferedSet,
} from "~/users/digital-access";
import { newUserDraft, type UserDraft } from "~/users/draft";
import { draftChanges, draftProblems } from "~/users/draft-review";

const set = (over: Partial<OfferedSet> & Pick<OfferedSet, "id">): OfferedSet => ({
  name: `SET_${over.id}`,
  displayName: `Set ${over.id}`,
  required: false,
  selectionMode: "multiple",
  applicationId: null,
  roleIds: [1, 2],
  options: [
    { id: 1, name: "R1" },
    { id: 2, name: "R2" },
  ],
  ...over,
});

const offers: DigitalOffers = {
  applications: [
    { id: 10, name: "Parts", requiresAssignment: false },
    { id: 11, name: "Warranty", requiresAssignment: true },
  ],
  sets: [
    set({ id: 1, required: true, selectionMode: "single" }),
    set({ id: 2, applicationId: 11 }),
    set({ id: 3, applicationId: 99 }),
  ],
};

describe("issue #14 §4 applications: requires assignment", () => {
  it("the user's applications are the available ones, those requiring assignment only when assigned", () => {
    expect(userApplicationIds(offers, [])).toEqual([10]);
    expect(userApplicationIds(offers, [11])).toEqual([10, 11]);
  });
  it("permission sets shown: the global ones and those of the user's applications", () => {
    expect(shownSets(offers, []).map((s) => s.id)).toEqual([1]);
    expect(shownSets(offers, [11]).map((s) => s.id)).toEqual([1, 2]);
  });
  it("a change of access takes away assignments and choices it no longer offers", () => {
    const draft = {
      applications: [11, 12],
      permissions: [
        { set: 1, roles: [1, 5] },
        { set: 2, roles: [2] },
        { set: 3, roles: [1] },
      ],
    };
    expect(prunedToOffers(draft, offers)).toEqual({
      applications: [11],
      permissions: [
        { set: 1, roles: [1] },
        { set: 2, roles: [2] },
      ],
    });
    // Unassigned: the application's set goes too.
    expect(prunedToOffers({ ...draft, applications: [] }, offers).permissions).toEqual([{ set: 1, roles: [1] }]);
  });
});

describe("SPEC §3 permission set: digital permissions", () => {
  it("the tab's fields become one choice per set; role 0 is a single set's none", () => {
    expect(permissionsOfForm({ s2: ["2", "1"], s1: "1", s3: "0" })).toEqual([
      { set: 1, roles: [1] },
      { set: 2, roles: [1, 2] },
    ]);
    expect(normalPermissions([{ set: 4, roles: [] }])).toEqual([]);
  });

  it("SPEC §5 a required set needs a selection; a single set takes one role", () => {
    const sets = shownSets(offers, [11]);
    expect(permissionProblems(sets, [])).toEqual({ required: ["Set 1"], single: [], notOffered: [] });
    expect(permissionProblems(sets, [{ set: 1, roles: [1, 2] }]).single).toEqual(["Set 1"]);
    expect(permissionProblems(sets, [{ set: 1, roles: [1] }])).toEqual({ required: [], single: [], notOffered: [] });
    expect(permissionProblems(sets, [{ set: 2, roles: [7] }]).notOffered).toEqual(["Set 2"]);
  });

  it("SPEC §6 assignable-by: only roles the administrator may assign are added or removed", () => {
    expect(permissionsWithin([], [{ set: 2, roles: [1] }], new Set([1]))).toBe(true);
    expect(permissionsWithin([], [{ set: 2, roles: [2] }], new Set([1]))).toBe(false);
    expect(permissionsWithin([{ set: 2, roles: [2] }], [], new Set([1]))).toBe(false);
    expect(permissionsWithin([{ set: 2, roles: [2] }], [{ set: 2, roles: [1, 2] }], new Set([1]))).toBe(true);
  });

  it("a post keeps what the administrator may not change and the choices of sets not shown", () => {
    const sets = shownSets(offers, [11]);
    const before = [
      { set: 2, roles: [2] },
      { set: 3, roles: [1] },
    ];
    const after = permissionsAfterPost([{ set: 1, roles: [1] }], before, before, sets, new Set([1]));
    expect(after).toEqual([
      { set: 1, roles: [1] },
      { set: 2, roles: [2] },
      { set: 3, roles: [1] },
    ]);
    // A single set holding a role the administrator may not assign cannot be changed at all.
    expect(setLocked(sets[0], [2], new Set([1]))).toBe(true);
    expect(setLocked(sets[0], [1], new Set([1]))).toBe(false);
    expect(permissionsAfterPost([{ set: 1, roles: [1] }], [{ set: 1, roles: [2] }], [], sets, new Set([1]))).toEqual([
      { set: 1, roles: [2] },
    ]);
  });

  it("the review lists digital permissions as set: roles and applications by name", () => {
    const before: UserDraft = {
      ...newUserDraft({ userType: "external", role: "regular", roles: [1] }),
      locations: [7],
    };
    const after = { ...before, applications: [11], permissions: [{ set: 1, roles: [1, 2] }] };
    const named = draftChanges(before, after, {
      location: String,
      role: (id) => `R${id}`,
      list: String,
      application: (id) => `A${id}`,
      set: (id) => `S${id}`,
    });
    expect(named).toEqual([
      { tab: "applications", field: "applications", before: null, after: "A11" },
      { tab: "permissions", field: "permissions", before: null, after: "S1: R1, R2" },
    ]);
  });

  it("SPEC §5 Validation Error: Selection required for: a new user, or a change of digital access", () => {
    const sets = shownSets(offers, []);
    const existing: UserDraft = {
      ...newUserDraft({ userType: "external", role: "regular", roles: [1] }),
      locations: [7],
      contact: {
        userType: "external",
        role: "regular",
        firstName: "Kim",
        lastName: "Lee",
        email: "kim@example.com",
        preferredLanguage: "en",
      },
    };
    const required = (draft: UserDraft, before: UserDraft | null) =>
      draftProblems(draft, { sets, before }).filter((p) => p.message === "validations.selection");
    expect(required(existing, null)).toEqual([
      { tab: "permissions", field: "permissions", message: "validations.selection", names: ["Set 1"] },
    ]);
    // An existing user without a choice can still get a new job title (ADR 0017) …
    const retitled = { ...existing, contact: { ...existing.contact, jobTitle: "Lead" } };
    expect(required(retitled, existing)).toEqual([]);
    // … but not a change of applications that leaves the required set empty.
    expect(required({ ...existing, applications: [11] }, existing)).toHaveLength(1);
  });
});
