import { describe, expect, it } from "vitest";
import { adminAttestationIsRequired } from "~/security-review/rules";
import { currentRequiredAction, withComputedActions } from "~/required-actions/rules";
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
  it("SPEC §5 first error after touch: the confirmation's inequality is known when only the passwords are filled (its own blur shows it)", () => {
    // What the form holds when the confirmation is left before the question and the answer.
    expect(messages({ password: "Harbor#Light42", confirmPassword: "Harbor#Light43" }).confirmPassword).toBe(
      "validations.equalTo",
    );
    expect(messages({ password: "short", confirmPassword: "shorter" }).confirmPassword).toBe("validations.equalTo");
    expect(messages({ password: "Harbor#Light42", confirmPassword: "Harbor#Light42" }).confirmPassword).toBeUndefined();
    // Nothing to compare yet: only what is missing.
    expect(messages({ confirmPassword: "Harbor#Light42" }).confirmPassword).toBeUndefined();
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

describe("issue #16 §1 adminAttestation: an administrator whose locations' last review is older than ATTESTATION_PERIOD_DAYS", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const admin = { managesUsers: true, locationCount: 2, now, periodDays: 90 };
  it("is required when the locations were never reviewed, or longer ago than the period", () => {
    expect(adminAttestationIsRequired({ ...admin, lastReviewAt: null })).toBe(true);
    expect(adminAttestationIsRequired({ ...admin, lastReviewAt: daysAgo(91) })).toBe(true);
  });
  it("is not required within the period", () => {
    expect(adminAttestationIsRequired({ ...admin, lastReviewAt: daysAgo(90) })).toBe(false);
    expect(adminAttestationIsRequired({ ...admin, lastReviewAt: daysAgo(1) })).toBe(false);
  });
  it("is never required of a user who manages no users, or has no location to review", () => {
    expect(adminAttestationIsRequired({ ...admin, managesUsers: false, lastReviewAt: null })).toBe(false);
    expect(adminAttestationIsRequired({ ...admin, locationCount: 0, lastReviewAt: null })).toBe(false);
  });
  it("a computed action joins the stored ones once, after them", () => {
    expect(withComputedActions(["changePassword"], ["adminAttestation"])).toEqual([
      "changePassword",
      "adminAttestation",
    ]);
    expect(withComputedActions(["adminAttestation"], ["adminAttestation"])).toEqual(["adminAttestation"]);
  });
});
