import { describe, expect, it } from "vitest";
import { isPhoneNumber } from "~/validation/phone";
import { profileFieldSchema } from "~/preferences/profile-field";

describe("SPEC §5 phone: 'Value is not a valid phone number'", () => {
  it.each([
    "+1 614 555 0142",
    "(614) 555-0142",
    "+49 221 555 0110",
    "06.12.34.56.78",
    "+1 614 555 0142 ext. 12",
    "6145550142x7",
  ])("%s is a phone number", (value) => {
    expect(isPhoneNumber(value)).toBe(true);
  });
  it.each([
    "abc",
    "555-01",
    "+",
    "12345678901234567",
    "+1 614 555 0142 call me",
    "(614 555 0142",
    "614--",
    "-6145550142",
  ])("%s is not", (value) => {
    expect(isPhoneNumber(value)).toBe(false);
  });
});

describe("preference fields: one field at a time, with the spec's messages", () => {
  const problem = (input: unknown) => profileFieldSchema.safeParse(input).error?.issues[0]?.message;
  it("job title is required", () => {
    expect(problem({ field: "jobTitle", value: "" })).toBe("validations.required");
    expect(problem({ field: "jobTitle", value: "   " })).toBe("validations.required");
    expect(problem({ field: "jobTitle", value: "Service advisor" })).toBeUndefined();
  });
  it("text fields allow 255 characters at most", () => {
    expect(problem({ field: "listingName", value: "x".repeat(256) })).toBe("validations.maxLength");
    expect(problem({ field: "listingName", value: "x".repeat(255) })).toBeUndefined();
  });
  it("phones and fax must be phone numbers; empty clears them", () => {
    expect(problem({ field: "phoneMobile", value: "call me" })).toBe("validations.phone");
    expect(problem({ field: "fax", value: "12" })).toBe("validations.phone");
    expect(problem({ field: "phoneSecondary", value: undefined })).toBeUndefined();
  });
  it("the preferred language is one of the nine", () => {
    expect(problem({ field: "preferredLanguage", value: "xx" })).toBe("validations.required");
    expect(problem({ field: "preferredLanguage", value: "ko" })).toBeUndefined();
  });
  it("an unknown field is refused (no other column can be written this way)", () => {
    expect(profileFieldSchema.safeParse({ field: "role", value: "admin" }).success).toBe(false);
    expect(profileFieldSchema.safeParse({ field: "email", value: "x@example.com" }).success).toBe(false);
  });
});
