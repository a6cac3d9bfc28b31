import { describe, expect, it } from "vitest";
import { currentRequiredAction } from "~/required-actions/rules";
import { migrationSchema } from "~/account-migration/schema";

describe("SPEC §4 required action: none if empty; changePassword if present; otherwise the first entry", () => {
  it("none when there is none", () => {
    expect(currentRequiredAction([])).toBeNull();
  });
  it("changePassword wins wherever it stands", () => {
    expect(currentRequiredAction(["adminAttestation", "directoryReview", "changePassword"])).toBe("changePassword");
  });
  it("otherwise the first entry", () => {
    expect(currentRequiredAction(["directoryReview", "adminAttestation"])).toBe("directoryReview");
    expect(currentRequiredAction(["singularRolesReview"])).toBe("singularRolesReview");
  });
  it("entries the portal does not know open nothing", () => {
    expect(currentRequiredAction(["somethingElse"])).toBeNull();
    expect(currentRequiredAction(["somethingElse", "adminAttestation"])).toBe("adminAttestation");
  });
});

describe("SPEC §5 account migration: password policy, confirmation, security question and answer", () => {
  const questions = ["What was the name of your first pet?", "In which city were you born?"];
  const schema = migrationSchema(["Mika Sato"], questions);
  const good = {
    password: "Harbor#Light42",
    confirmPassword: "Harbor#Light42",
    securityQuestion: questions[0],
    securityAnswer: "Rex the dog",
  };
  const messages = (input: Record<string, string>) => {
    const result = schema.safeParse(input);
    // The first message of each field, as the form shows it.
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join("."), i.message]));
  };
  it("a good form passes", () => {
    expect(schema.safeParse(good).success).toBe(true);
  });
  it("the password: required, at least 8, no part of the token name longer than 2 characters, four character classes", () => {
    expect(messages({ ...good, password: "", confirmPassword: "" }).password).toBe("validations.required");
    expect(messages({ ...good, password: "Ab#1", confirmPassword: "Ab#1" }).password).toBe("validations.minLength");
    expect(messages({ ...good, password: "xSATOx#12", confirmPassword: "xSATOx#12" }).password).toBe(
      "validations.passwordNamePart",
    );
    expect(messages({ ...good, password: "harborlight42", confirmPassword: "harborlight42" }).password).toBe(
      "validations.password",
    );
  });
  it("confirm password: required and equal", () => {
    expect(messages({ ...good, confirmPassword: "" }).confirmPassword).toBe("validations.required");
    expect(messages({ ...good, confirmPassword: "Harbor#Light43" }).confirmPassword).toBe("validations.equalTo");
  });
  it("the security question must be one offered", () => {
    expect(messages({ ...good, securityQuestion: "What is your password?" }).securityQuestion).toBe(
      "validations.required",
    );
  });
  it("the security answer: required, at least 4 characters", () => {
    expect(messages({ ...good, securityAnswer: "  " }).securityAnswer).toBe("validations.required");
    expect(messages({ ...good, securityAnswer: "Rex" }).securityAnswer).toBe("validations.minLength");
    expect(messages({ ...good, securityAnswer: "Rexy" })).toEqual({});
  });
});
