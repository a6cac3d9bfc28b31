/**
 * Issue #36 SCIM, the pure rules: a user as a User resource and back (Entra's strings, language
 * tags), PATCH in the forms Okta and Entra send, attribute projection, list parameters, the SCIM
 * token, and the `scim` scope.
 */
import { describe, expect, it } from "vitest";
import { ScimError } from "~/api/scim-error";
import { appliedPatch, elementMatches, patchOperationsOf, patchPathOf, type PatchShape } from "~/scim/patch";
import { projected } from "~/scim/projection";
import { scimListParametersOf } from "~/scim/list-query";
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, PORTAL_SCHEMA, USER_SCHEMA } from "~/scim/scim-schemas";
import { booleanOf, languageOf, scimUserOf, userWriteOf, type ScimUserRecord } from "~/scim/user-resource";
import { scimTokenOf, scimTokenParts } from "~/security/scim-token";
import { featuresOfClient, opensScim, scopesOffered, SCIM_SCOPE } from "~/permissions/api-client-scopes";
import { F } from "~/permissions/features";
import { parse } from "scim2-parse-filter";
import { membershipDeltaOf } from "~/scim/scim-groups.server";

const record: ScimUserRecord = {
  id: 7,
  email: "sam@example.com",
  firstName: "Sam",
  lastName: "Okta",
  jobTitle: null,
  phoneMobile: "+1 414 555 0100",
  phoneSecondary: null,
  fax: null,
  preferredLanguage: "de",
  listingName: null,
  userType: "external",
  role: "regular",
  active: true,
  employeeNumber: "E-1",
  externalId: "00u1",
  createdAt: new Date("2026-01-01T00:00:00Z"),
  updatedAt: new Date("2026-01-02T00:00:00Z"),
  locations: [{ id: 3, name: "Milwaukee" }],
  groups: [{ id: 5, name: "Technician" }],
};
const BASE = "https://portal.test/scim/v2";

const SHAPE: PatchShape = {
  attributes: new Map<string | null, string[]>([
    [null, ["userName", "name", "displayName", "title", "active", "emails", "phoneNumbers", "groups", "id", "meta"]],
    [ENTERPRISE_SCHEMA, ["employeeNumber", "organization"]],
    [PORTAL_SCHEMA, ["locations", "administrator"]],
  ]),
  readOnly: new Set(["id", "meta", "groups", "name.formatted"]),
  multiValued: new Set(["emails", "phonenumbers", "groups", `${PORTAL_SCHEMA.toLowerCase()}:locations`]),
};
const ops = (...Operations: unknown[]) => patchOperationsOf({ schemas: [PATCH_SCHEMA], Operations });

function scimTypeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof ScimError) return error.scimType ?? String(error.status);
    throw error;
  }
  return "none";
}

describe("issue #36 a portal user as a SCIM User resource", () => {
  it("userName is the e-mail, displayName the full name without a listing name, the version the edit stamp", () => {
    const resource = scimUserOf(record, BASE);
    expect(resource).toMatchObject({
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA, PORTAL_SCHEMA],
      id: "7",
      userName: "sam@example.com",
      displayName: "Sam Okta",
      emails: [{ value: "sam@example.com", type: "work", primary: true }],
      phoneNumbers: [{ value: "+1 414 555 0100", type: "mobile" }],
      groups: [{ value: "5", display: "Technician", $ref: `${BASE}/Groups/5` }],
      [ENTERPRISE_SCHEMA]: { employeeNumber: "E-1", organization: "Milwaukee" },
      [PORTAL_SCHEMA]: { locations: ["3"], administrator: false },
      meta: { version: 'W/"2026-01-02T00:00:00.000Z"', location: `${BASE}/Users/7` },
    });
  });

  it('a write reads Entra\'s "True", a language tag, the portal extension, and keeps no listing name equal to the full name', () => {
    const write = userWriteOf({
      userName: "x@example.com",
      name: { givenName: "Ann", familyName: "Lee" },
      displayName: "Ann Lee",
      preferredLanguage: "pt-BR",
      active: "False",
      [ENTERPRISE_SCHEMA]: { employeeNumber: 42 },
      [PORTAL_SCHEMA]: { locations: ["3", "4"], administrator: "True" },
    });
    expect(write).toMatchObject({
      email: "x@example.com",
      listingName: undefined,
      preferredLanguage: "pt",
      active: false,
      employeeNumber: "42",
      role: "admin",
      locations: [3, 4],
    });
  });

  it("an e-mail changed under emails alone (as Entra sends it) is the new user name", () => {
    const before = scimUserOf(record, BASE);
    const after = { ...before, emails: [{ value: "new@example.com", type: "work", primary: true }] };
    expect(userWriteOf(after, before).email).toBe("new@example.com");
  });

  it("a missing name or a bad value is invalidValue", () => {
    expect(scimTypeOf(() => userWriteOf({ userName: "x@example.com", name: { givenName: "A" } }))).toBe("invalidValue");
    expect(scimTypeOf(() => userWriteOf({ userName: ["x"], name: { givenName: "A", familyName: "B" } }))).toBe(
      "invalidValue",
    );
    expect(scimTypeOf(() => booleanOf("yes", "active"))).toBe("invalidValue");
  });

  it("a language the portal does not speak is English", () => {
    expect(languageOf("ja-JP")).toBe("en");
    expect(languageOf("zh_Hans")).toBe("zh");
  });
});

describe("issue #36 PATCH in the forms Okta and Entra send", () => {
  const user = scimUserOf(record, BASE);

  it("operations are read without regard to the op's case; an unknown op is invalidSyntax", () => {
    expect(ops({ op: "Replace", path: "title", value: "x" })[0].op).toBe("replace");
    expect(scimTypeOf(() => ops({ op: "move", path: "title" }))).toBe("invalidSyntax");
    expect(scimTypeOf(() => patchOperationsOf({ Operations: [] }))).toBe("invalidSyntax");
  });

  it("replace without a path sets each attribute named, dotted and by schema, and skips what the client read back", () => {
    const after = appliedPatch(
      user,
      ops({
        op: "replace",
        value: { "name.givenName": "Samantha", [`${ENTERPRISE_SCHEMA}:employeeNumber`]: "E-2", id: "7", active: false },
      }),
      SHAPE,
    );
    expect(after).toMatchObject({ name: { givenName: "Samantha", familyName: "Okta" }, active: false });
    expect(after[ENTERPRISE_SCHEMA]).toMatchObject({ employeeNumber: "E-2" });
    expect(user.active).toBe(true);
  });

  it("a path with a value filter: add makes the entry it names, replace of no match is noTarget, remove drops matches", () => {
    const added = appliedPatch(
      user,
      ops({ op: "Add", path: 'phoneNumbers[type eq "fax"].value', value: "+1 1" }),
      SHAPE,
    );
    expect(added.phoneNumbers).toContainEqual({ type: "fax", value: "+1 1" });
    expect(
      scimTypeOf(() =>
        appliedPatch(user, ops({ op: "replace", path: 'emails[type eq "home"].value', value: "x" }), SHAPE),
      ),
    ).toBe("noTarget");
    const removed = appliedPatch(user, ops({ op: "remove", path: 'phoneNumbers[type eq "mobile"]' }), SHAPE);
    expect(removed.phoneNumbers).toEqual([]);
  });

  it("remove of members by value and by a value filter, and add appends without duplicates", () => {
    const group = { members: [{ value: "1" }, { value: "2" }] };
    const shape: PatchShape = {
      attributes: new Map([[null, ["members"]]]),
      readOnly: new Set(),
      multiValued: new Set(["members"]),
    };
    expect(appliedPatch(group, ops({ op: "remove", path: 'members[value eq "1"]' }), shape).members).toEqual([
      { value: "2" },
    ]);
    expect(appliedPatch(group, ops({ op: "Remove", path: "members", value: [{ value: "2" }] }), shape).members).toEqual(
      [{ value: "1" }],
    );
    expect(
      appliedPatch(group, ops({ op: "add", path: "members", value: [{ value: "2" }, { value: "3" }] }), shape).members,
    ).toEqual([{ value: "1" }, { value: "2" }, { value: "3" }]);
  });

  it("a read-only path is mutability, an unknown one invalidPath, remove without a path noTarget", () => {
    expect(scimTypeOf(() => appliedPatch(user, ops({ op: "replace", path: "groups", value: [] }), SHAPE))).toBe(
      "mutability",
    );
    expect(
      scimTypeOf(() => appliedPatch(user, ops({ op: "replace", path: "name.formatted", value: "x" }), SHAPE)),
    ).toBe("mutability");
    expect(scimTypeOf(() => appliedPatch(user, ops({ op: "replace", path: "password", value: "x" }), SHAPE))).toBe(
      "invalidPath",
    );
    expect(scimTypeOf(() => patchPathOf("emails[type eq"))).toBe("invalidPath");
    expect(scimTypeOf(() => appliedPatch(user, ops({ op: "remove" }), SHAPE))).toBe("noTarget");
  });

  it("a value filter matches strings without case", () => {
    expect(elementMatches({ type: "Work", value: "A@B" }, parse('type eq "work" and value co "a@"'))).toBe(true);
    expect(elementMatches({ type: "work" }, parse('not (type eq "work")'))).toBe(false);
  });
});

describe("issue #36 list parameters and projection", () => {
  it("count is capped at the maximum, startIndex below 1 is 1, a bad number or sort order is invalidValue", () => {
    const read = (query: string) => scimListParametersOf(new URLSearchParams(query));
    expect(read("count=5000&startIndex=0")).toMatchObject({ count: 200, startIndex: 1, sortOrder: "ascending" });
    expect(read("count=-3").count).toBe(0);
    expect(scimTypeOf(() => read("count=ten"))).toBe("invalidValue");
    expect(scimTypeOf(() => read("sortOrder=up"))).toBe("invalidValue");
  });

  it("attributes keep id and schemas and what is asked (sub-attributes, extension attributes); excludedAttributes drop", () => {
    const user = scimUserOf(record, BASE);
    expect(projected(user, ["userName", "name.familyName", `${ENTERPRISE_SCHEMA}:employeeNumber`], [])).toEqual({
      schemas: user.schemas,
      id: "7",
      userName: "sam@example.com",
      name: { familyName: "Okta" },
      [ENTERPRISE_SCHEMA]: { employeeNumber: "E-1" },
    });
    const without = projected(user, [], ["groups", "id"]);
    expect(without.groups).toBeUndefined();
    expect(without.id).toBe("7");
  });
});

describe("issue #36 the SCIM connection's token and scope", () => {
  it("the token carries the client id and secret; anything else is no SCIM token", () => {
    const clientId = "pc_abcdefghijklmnopqrstuvwx";
    expect(scimTokenParts(scimTokenOf(clientId, "s3cret-_x"))).toEqual({ clientId, secret: "s3cret-_x" });
    expect(scimTokenParts("scim.not-a-client.secret")).toBeNull();
    expect(scimTokenParts("eyJhbGciOi.x.y")).toBeNull();
  });

  it("the scim scope stands for the users area's write features and is offered to who holds them", () => {
    expect(opensScim(["users:read", SCIM_SCOPE])).toBe(true);
    expect(featuresOfClient([F.usersRead, F.usersWrite, F.usersEdit], [SCIM_SCOPE])).toEqual(
      [F.usersEdit, F.usersRead, F.usersWrite].sort(),
    );
    expect(scopesOffered([F.usersRead, F.usersWrite, F.usersEdit])).toContain(SCIM_SCOPE);
    expect(scopesOffered([F.usersRead])).not.toContain(SCIM_SCOPE);
  });
});

describe("issue #36 a group's PATCH as member changes", () => {
  const role = { id: 5, displayName: "Technician" };
  const members = () => [1, 2, 3];
  const delta = (...operations: unknown[]) => {
    const result = membershipDeltaOf(ops(...operations), role, members);
    return { add: [...result.add].sort(), remove: [...result.remove].sort() };
  };

  it("Okta's add and members[value eq] removal; Entra's remove with a value list", () => {
    expect(delta({ op: "add", path: "members", value: [{ value: "7" }] })).toEqual({ add: [7], remove: [] });
    expect(delta({ op: "remove", path: 'members[value eq "2"]' })).toEqual({ add: [], remove: [2] });
    expect(delta({ op: "Remove", path: "members", value: [{ value: "3" }, { value: "1" }] })).toEqual({
      add: [],
      remove: [1, 3],
    });
  });

  it("a replace sets the members against those now; a later op wins over an earlier one", () => {
    expect(delta({ op: "replace", path: "members", value: [{ value: "2" }, { value: "9" }] })).toEqual({
      add: [2, 9],
      remove: [1, 3],
    });
    expect(
      delta({ op: "add", path: "members", value: [{ value: "4" }] }, { op: "remove", path: 'members[value eq "4"]' }),
    ).toEqual({ add: [], remove: [4] });
    expect(delta({ op: "replace", value: { members: [{ value: "1" }], displayName: "Technician" } })).toEqual({
      add: [1],
      remove: [2, 3],
    });
  });

  it("another name, a path of no member attribute, or a member that is no id is refused", () => {
    expect(scimTypeOf(() => delta({ op: "replace", path: "displayName", value: "Renamed" }))).toBe("mutability");
    expect(scimTypeOf(() => delta({ op: "add", path: "owners", value: [] }))).toBe("invalidPath");
    expect(scimTypeOf(() => delta({ op: "add", path: "members", value: [{ value: "x" }] }))).toBe("invalidValue");
  });
});
