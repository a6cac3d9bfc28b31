import { describe, expect, it } from "vitest";
import {
  passwordContainsName,
  setPasswordSchema,
  verificationExpiresAt,
  verificationLinkState,
} from "~/users/verification";

const NOW = new Date("2026-11-23T10:00:00Z");
const names = { firstName: "Ada", lastName: "Lindqvist" };
const problems = (password: string, confirmPassword = password) => {
  const result = setPasswordSchema(names).safeParse({ password, confirmPassword });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("SPEC §9 verification link validity 72 hours", () => {
  it("a link sent now lapses 72 hours on", () => {
    expect(verificationExpiresAt(NOW).toISOString()).toBe("2026-11-26T10:00:00.000Z");
  });

  it("is valid before that moment, lapsed from it, and invalid when none is on record", () => {
    const link = { expiresAt: verificationExpiresAt(NOW) };
    expect(verificationLinkState(link, new Date("2026-11-26T09:59:59Z"))).toBe("valid");
    expect(verificationLinkState(link, new Date("2026-11-26T10:00:00Z"))).toBe("lapsed");
    expect(verificationLinkState(undefined, NOW)).toBe("invalid");
  });
});

describe("SPEC §5 user creation: the password must not contain the first or last name", () => {
  it("finds the whole first or last name in any case, even a name of two letters", () => {
    expect(passwordContainsName("my-LINDQVIST-pass", names)).toBe(true);
    expect(passwordContainsName("xxADAxx", names)).toBe(true);
    expect(passwordContainsName("Secret#2026", { firstName: "Li", lastName: "Wu" })).toBe(false);
    expect(passwordContainsName("Lin#2026wU", { firstName: "Li", lastName: "Wu" })).toBe(true);
    expect(passwordContainsName("Secret#2026", { firstName: " ", lastName: "" })).toBe(false);
  });

  it("the set-password form applies the account policy, the names and the confirmation", () => {
    expect(problems("Fresh#Start26")).toEqual([]);
    expect(problems("")).toContain("validations.required");
    expect(problems("Sh#1a")).toEqual(["validations.minLength"]);
    expect(problems("Lindqvist#2026")).toEqual(["validations.passwordNamePart"]);
    expect(problems("freshstart26")).toEqual(["validations.password"]);
    expect(problems("Fresh#Start26", "Fresh#Start27")).toEqual(["validations.equalTo"]);
    const short = setPasswordSchema({ firstName: "Li", lastName: "Wu" }).safeParse({
      password: "Lin#2026wU",
      confirmPassword: "Lin#2026wU",
    });
    expect(short.success ? [] : short.error.issues.map((issue) => issue.message)).toEqual(["validations.passwordName"]);
  });
});
