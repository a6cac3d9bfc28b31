import { describe, expect, it } from "vitest";
import { securityRoleSchema } from "~/security-roles/schema";
import { securityRoleDeleteRefusal, securityRoleRefusal } from "~/security-roles/refusals";
import { permissionSetRefusal } from "~/permission-sets/refusals";

const base = { name: "FLEET_LEAD", displayName: "Fleet lead" };

describe("issue #13 §1 security role editor: relations are a role and a name, both or neither", () => {
  it("drops an empty row (the editor's spare one) and keeps the filled ones", () => {
    const parsed = securityRoleSchema.parse({
      ...base,
      relations: [{ roleId: "3", name: "works with" }, {}, undefined, { roleId: "", name: "" }],
    });
    expect(parsed.relations).toEqual([{ roleId: 3, name: "works with" }]);
  });

  it("refuses a half-filled row on the field that is missing, at that row", () => {
    const result = securityRoleSchema.safeParse({
      ...base,
      relations: [{ roleId: "3", name: "works with" }, { roleId: "4" }, { name: "reports to" }],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["relations.1.name", "validations.required"],
      ["relations.2.roleId", "validations.required"],
    ]);
  });

  it("refuses a role id beyond the id range instead of reaching the database", () => {
    expect(securityRoleSchema.safeParse({ ...base, relations: [{ roleId: "99999999999", name: "x" }] }).success).toBe(
      false,
    );
  });
});

describe("issue #13 §3 editors and API: each refusal has its message, field and placeholders", () => {
  it("a taken name is a message on the name field; a cycle names its roles in order", () => {
    expect(securityRoleRefusal({ kind: "duplicateName" })).toEqual({
      message: "adminSecurityRoles.nameTaken",
      field: "name",
    });
    expect(securityRoleRefusal({ kind: "cycle", roles: ["Dealer staff", "Loop", "Dealer staff"] })).toEqual({
      message: "adminSecurityRoles.cycle",
      values: { roles: "Dealer staff → Loop → Dealer staff" },
    });
    expect(securityRoleRefusal({ kind: "unknownRole" }).field).toBeUndefined();
  });

  it("a role in use is refused with how many hold and offer it; a delete that went ahead is no refusal", () => {
    expect(securityRoleDeleteRefusal({ kind: "inUse", holders: 4, permissionSets: 2 })).toEqual({
      message: "adminSecurityRoles.inUse",
      values: { holders: 4, sets: 2 },
      status: 409,
    });
    expect(securityRoleDeleteRefusal({ kind: "deleted" })).toBeNull();
    expect(securityRoleDeleteRefusal({ kind: "missing" })).toBeNull();
  });

  it("a permission set's unknown role or application is a message on that field", () => {
    expect(permissionSetRefusal({ kind: "unknownRole" }).field).toBe("securityRoles");
    expect(permissionSetRefusal({ kind: "unknownApplication" }).field).toBe("applicationId");
    expect(permissionSetRefusal({ kind: "duplicateName" })).toEqual({
      message: "adminPermissionSets.nameTaken",
      field: "name",
    });
  });
});
