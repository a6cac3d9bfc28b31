import { describe, expect, it } from "vitest";
import { fromRolesSchema, locationsInOrder, startOf } from "~/users/schema";
import { assignableRoleIds, changeWithin, rolesToCopy } from "~/users/assignable";
import { newUserDraft, rebaseDraft } from "~/users/draft";
import { nextTab, reviewPromptAfter } from "~/users/editor-tabs";
import { contactProblems, draftChanges } from "~/users/draft-review";

const names = {
  location: (id: number) => `L${id}`,
  role: (id: number) => `R${id}`,
  list: (id: number) => `D${id}`,
  application: (id: number) => `A${id}`,
  set: (id: number) => `S${id}`,
};

describe("issue #14 §1 assignable-by: a role is given only by a holder of one of its assigner roles", () => {
  it("offers the roles whose assignable-by names a role held, and none with an empty list", () => {
    const roles = [
      { id: 1, assignerIds: [], grants: [] },
      { id: 2, assignerIds: [1, 3], grants: [] },
      { id: 3, assignerIds: [1], grants: [] },
      { id: 4, assignerIds: [3], grants: [] },
    ];
    expect(assignableRoleIds(roles, { roleIds: [1], features: [] })).toEqual([2, 3]);
    expect(assignableRoleIds(roles, { roleIds: [3], features: [] })).toEqual([2, 4]);
    expect(assignableRoleIds(roles, { roleIds: [], features: [] })).toEqual([]);
  });
});

describe("issue #39 §3 no escalation by delegation: a role is given only if it gives nothing the administrator lacks", () => {
  it("leaves out a role whose features (its own and its children's) the administrator does not all hold", () => {
    const roles = [
      { id: 2, assignerIds: [1], grants: ["documents:view"] },
      { id: 3, assignerIds: [1], grants: ["documents:view", "admin:users:write"] },
      { id: 4, assignerIds: [1], grants: [] },
    ];
    expect(assignableRoleIds(roles, { roleIds: [1], features: ["documents:view"] })).toEqual([2, 4]);
    expect(assignableRoleIds(roles, { roleIds: [1], features: ["documents:view", "admin:users:write"] })).toEqual([
      2, 3, 4,
    ]);
  });
});

describe("issue #14 §1 only what the administrator may give: a change stays within the allowed ids", () => {
  it("adding or removing an allowed id is fine; others may only stay as they were", () => {
    const allowed = new Set([1, 2]);
    expect(changeWithin([], [1, 2], allowed)).toBe(true);
    expect(changeWithin([9], [9, 1], allowed)).toBe(true);
    expect(changeWithin([], [9], allowed)).toBe(false);
    expect(changeWithin([9, 1], [1], allowed)).toBe(false);
  });
});

describe("SPEC §5 combining roles needs at least two roles", () => {
  const base = { userType: "external", kind: "regular" };
  it("refuses a combination of one role (or one role twice), accepts two", () => {
    const messages = (roles: string[]) => {
      const result = fromRolesSchema.safeParse({ ...base, mode: "combine", roles });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages(["4"])).toEqual(["validations.combineRoles"]);
    expect(messages(["4", "4"])).toEqual(["validations.combineRoles"]);
    expect(messages(["4", "5"])).toEqual([]);
  });

  it("one role is the other way to start, and needs its role", () => {
    expect(fromRolesSchema.safeParse({ ...base, mode: "single", role: "4" }).success).toBe(true);
    expect(fromRolesSchema.safeParse({ ...base, mode: "single" }).success).toBe(false);
  });
});

describe("SPEC §3 exclude from copy user: a copy leaves out flagged roles and roles the administrator may not give", () => {
  it("keeps the others", () => {
    const source = [
      { id: 1, excludeFromCopyUser: true },
      { id: 2, excludeFromCopyUser: false },
      { id: 3, excludeFromCopyUser: false },
    ];
    expect(rolesToCopy(source, new Set([1, 2]))).toEqual([2]);
  });
});

describe("SPEC §3 locations: the first selected is the preferred one", () => {
  it("moves the chosen preferred location first, ignores one not chosen, drops repeats", () => {
    expect(locationsInOrder({ locations: [3, 5, 7], preferred: 7 })).toEqual([7, 3, 5]);
    expect(locationsInOrder({ locations: [3, 5, 3] })).toEqual([3, 5]);
    expect(locationsInOrder({ locations: [3, 5], preferred: 9 })).toEqual([3, 5]);
  });
});

describe("issue #14 §4 review and complete: every change, old → new", () => {
  it("a new user's fields and lists all appear as new; an edit lists only what changed", () => {
    const draft = { ...newUserDraft({ userType: "external", role: "regular", roles: [2] }), locations: [7] };
    draft.contact = { ...draft.contact, firstName: "Mira" };
    const created = draftChanges(null, draft, names);
    expect(created).toEqual(
      expect.arrayContaining([
        { tab: "contact", field: "firstName", before: null, after: "Mira" },
        { tab: "locations", field: "locations", before: null, after: "L7" },
        { tab: "roles", field: "roles", before: null, after: "R2" },
      ]),
    );
    const edited = { ...draft, contact: { ...draft.contact, firstName: "Mia" }, roles: [2, 3] };
    expect(draftChanges(draft, edited, names)).toEqual([
      { tab: "contact", field: "firstName", before: "Mira", after: "Mia" },
      { tab: "roles", field: "roles", before: "R2", after: "R2, R3" },
    ]);
  });

  it("the review names what is still missing", () => {
    const fields = contactProblems({ userType: "external", role: "regular", email: "x" }).map((p) => p.field);
    expect(fields).toEqual(expect.arrayContaining(["firstName", "lastName", "email", "preferredLanguage"]));
  });

  it("tabs move on in order and stop at the review; the chooser's type and kind carry over", () => {
    expect(nextTab("contact")).toBe("locations");
    expect(nextTab("review")).toBe("review");
    expect(startOf(new URLSearchParams("userType=internal&kind=admin"))).toEqual({
      userType: "internal",
      role: "admin",
    });
    expect(startOf(new URLSearchParams("userType=x"))).toEqual({ userType: "external", role: "regular" });
  });
});

describe("issue #14 §4 a stale draft shows the conflict and keeps the input", () => {
  it("keeps what the administrator changed and takes the other change everywhere else", () => {
    const began = { ...newUserDraft({ userType: "external", role: "regular", roles: [1] }), locations: [7] };
    began.contact = { ...began.contact, firstName: "Kim", jobTitle: "Clerk" };
    const mine = { ...began, contact: { ...began.contact, jobTitle: "Lead" }, roles: [1, 2] };
    const theirs = {
      ...began,
      contact: { ...began.contact, phoneMobile: "+1 555 0199", jobTitle: "Manager" },
      locations: [8],
    };
    const merged = rebaseDraft(mine, began, theirs);
    expect(merged.contact).toMatchObject({ firstName: "Kim", jobTitle: "Lead", phoneMobile: "+1 555 0199" });
    expect(merged.roles).toEqual([1, 2]);
    expect(merged.locations).toEqual([8]);
    expect(draftChanges(theirs, merged, names).map((c) => c.field)).toEqual(["jobTitle", "roles"]);
  });
});

describe("SPEC §4 Editors: a change prompts a review of the tab it affects", () => {
  const before = { ...newUserDraft({ userType: "external", role: "regular", roles: [1] }), locations: [7] };
  it("changed roles or contact data prompt the email preferences; no change prompts nothing", () => {
    expect(reviewPromptAfter("roles", before, { ...before, roles: [1, 2] })).toBe("emails");
    expect(reviewPromptAfter("contact", before, { ...before, contact: { ...before.contact, jobTitle: "Lead" } })).toBe(
      "emails",
    );
    expect(reviewPromptAfter("roles", before, { ...before })).toBeNull();
    expect(reviewPromptAfter("emails", before, { ...before, emailLists: [3] })).toBeNull();
  });

  it("changed locations prompt the applications", () => {
    expect(reviewPromptAfter("locations", before, { ...before, locations: [8] })).toBe("applications");
  });

  it("changed applications prompt the digital permissions", () => {
    expect(reviewPromptAfter("applications", before, { ...before, applications: [4] })).toBe("permissions");
    expect(reviewPromptAfter("applications", before, { ...before })).toBeNull();
  });

  it("changed digital permissions prompt nothing", () => {
    expect(reviewPromptAfter("permissions", before, { ...before, permissions: [{ set: 1, roles: [2] }] })).toBeNull();
  });
});

describe("issue #33 e-mails in the recipient's language: a new user starts in the inviting administrator's", () => {
  it("the draft's language is the administrator's, English when theirs is unknown", () => {
    expect(
      newUserDraft({ userType: "external", role: "regular", preferredLanguage: "it" }).contact.preferredLanguage,
    ).toBe("it");
    expect(
      newUserDraft({ userType: "external", role: "regular", preferredLanguage: "xx" }).contact.preferredLanguage,
    ).toBe("en");
    expect(newUserDraft({ userType: "external", role: "regular" }).contact.preferredLanguage).toBe("en");
  });
});
