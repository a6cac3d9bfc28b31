import { describe, expect, it } from "vitest";
import { draftOfUser, type UserDraft } from "~/users/draft";
import { changedFields, nextEditableTab, selfChangeRefused, selfLockedTab } from "~/users/self-change";

const saved: UserDraft = draftOfUser({
  firstName: "Avery",
  lastName: "Admin",
  email: "admin@example.com",
  jobTitle: null,
  phoneMobile: null,
  phoneSecondary: null,
  fax: null,
  preferredLanguage: "en",
  activeDirectoryUsername: null,
  listingName: null,
  userType: "external",
  role: "admin",
  locations: [{ id: 1 }, { id: 2 }],
  assignments: [{ securityRoleId: 10 }],
  applicationIds: [5],
  permissions: [{ set: 3, roles: [30] }],
  emailLists: [7],
});

describe("SPEC #30 an administrator cannot change their own roles, locations, user type, kind or status", () => {
  it("refuses one's own change of user type, kind, locations, roles, applications, permissions, status or sessions", () => {
    for (const field of [
      "userType",
      "role",
      "locations",
      "roles",
      "applications",
      "permissions",
      "status",
      "sessions",
    ]) {
      expect(selfChangeRefused(42, 42, [field])).toBe(true);
      expect(selfChangeRefused(42, 42, ["jobTitle", field])).toBe(true);
    }
  });

  it("lets an administrator change their own contact data and subscriptions, and leaves no change refused", () => {
    expect(selfChangeRefused(42, 42, ["firstName", "jobTitle", "email", "preferredLanguage", "emailLists"])).toBe(
      false,
    );
    expect(selfChangeRefused(42, 42, [])).toBe(false);
  });

  it("another user's change is not this rule's to refuse", () => {
    expect(selfChangeRefused(42, 43, ["userType", "roles", "status", "sessions"])).toBe(false);
  });

  it("names a draft's changes as the review does: a new preferred location, a role, the kind; nothing when unchanged", () => {
    expect(changedFields(saved, saved)).toEqual([]);
    expect(changedFields(saved, { ...saved, contact: { ...saved.contact, jobTitle: "Owner" } })).toEqual(["jobTitle"]);
    expect(changedFields(saved, { ...saved, contact: { ...saved.contact, userType: "internal" } })).toEqual([
      "userType",
    ]);
    expect(changedFields(saved, { ...saved, contact: { ...saved.contact, role: "regular" } })).toEqual(["role"]);
    expect(changedFields(saved, { ...saved, locations: [2, 1] })).toEqual(["locations"]);
    expect(changedFields(saved, { ...saved, roles: [10, 11] })).toEqual(["roles"]);
    expect(changedFields(saved, { ...saved, applications: [] })).toEqual(["applications"]);
    expect(changedFields(saved, { ...saved, permissions: [{ set: 3, roles: [30, 31] }] })).toEqual(["permissions"]);
    expect(changedFields(saved, { ...saved, emailLists: [] })).toEqual(["emailLists"]);
  });

  it("on one's own account the access tabs are read-only, and Save and continue passes over them", () => {
    for (const tab of ["locations", "roles", "applications", "permissions"] as const) {
      expect(selfLockedTab(true, tab)).toBe(true);
      expect(selfLockedTab(false, tab)).toBe(false);
    }
    expect(selfLockedTab(true, "contact")).toBe(false);
    expect(selfLockedTab(true, "emails")).toBe(false);
    expect(nextEditableTab("contact", true)).toBe("emails");
    expect(nextEditableTab("emails", true)).toBe("review");
    expect(nextEditableTab("contact", false)).toBe("locations");
    expect(nextEditableTab("roles", false)).toBe("applications");
  });
});
