import { describe, expect, it } from "vitest";
import { namePartsOf, passwordProblem } from "~/validation/password-policy";

const NAME = ["Dana Reyes"];

describe("SPEC §5 password policy", () => {
  it("required", () => {
    expect(passwordProblem("", NAME)).toBe("validations.required");
  });
  it("at least 8 characters", () => {
    expect(passwordProblem("Ab1!xyz", NAME)).toBe("validations.minLength");
    expect(passwordProblem("Ab1!xyzw", NAME)).toBeNull();
  });
  it("no part of the user's name longer than 2 characters, case-insensitive", () => {
    expect(passwordProblem("xxDANAxx1!A", NAME)).toBe("validations.passwordNamePart");
    expect(passwordProblem("Reyes#2026a", NAME)).toBe("validations.passwordNamePart");
    expect(passwordProblem("Rey#2026ab", NAME)).toBeNull(); // "rey" is not a whole part of the name
  });
  it("name parts of two characters or fewer are allowed", () => {
    expect(namePartsOf(["Li Xu-Ann"])).toEqual(["ann"]);
    expect(passwordProblem("Li#Xu2026ab", ["Li Xu"])).toBeNull();
  });
  it("a lowercase letter is required", () => {
    expect(passwordProblem("ABCD#2026", NAME)).toBe("validations.password");
  });
  it("an uppercase letter is required", () => {
    expect(passwordProblem("abcd#2026", NAME)).toBe("validations.password");
  });
  it("a digit is required", () => {
    expect(passwordProblem("Abcd#efgh", NAME)).toBe("validations.password");
  });
  it("a special character from !@#$,.%^()[]<>&* is required", () => {
    expect(passwordProblem("Abcd2026x", NAME)).toBe("validations.password");
    expect(passwordProblem("Abcd2026_", NAME)).toBe("validations.password"); // _ is not one of them
    for (const special of "!@#$,.%^()[]<>&*") expect(passwordProblem(`Abcd2026${special}`, NAME), special).toBeNull();
  });
});
