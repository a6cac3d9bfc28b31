import { describe, expect, it } from "vitest";
import { columnOf, listCell } from "~/imports/columns";
import { importFileKind } from "~/imports/file-kind";
import {
  duplicateInFile,
  headerProblems,
  identityRowOutcome,
  identityRowProblems,
  type IdentityImportContext,
} from "~/imports/identity-rules";

const context: IdentityImportContext = {
  knownLocationIds: new Set([10, 11, 20]),
  ownLocationIds: new Set([10, 11]),
  rolesByName: new Map([
    ["dealer_staff", { id: 1, assignable: true }],
    ["portal_admin", { id: 2, assignable: false }],
  ]),
};
const good = {
  email: "jamie@example.com",
  firstName: "Jamie",
  lastName: "Doe",
  locationIds: "11; 10",
  securityRoles: "DEALER_STAFF",
};
const check = (values: Record<string, string>) => identityRowProblems({ row: 7, values }, context);
const messages = (values: Record<string, string>) => check(values).problems.map((p) => [p.column, p.message]);

describe("issue #17 §1 the upload's type is checked by content, not by name", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("a ZIP container is a workbook, UTF-8 text is CSV", () => {
    expect(importFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe("xlsx");
    expect(importFileKind(bytes("email,firstName\na@example.com,Ä"))).toBe("csv");
  });
  it("binary, non-UTF-8 or empty content is refused (Invalid File Type)", () => {
    expect(importFileKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBeNull();
    expect(importFileKind(new Uint8Array([0x61, 0xff, 0xfe, 0x62]))).toBeNull();
    expect(importFileKind(new Uint8Array())).toBeNull();
  });
  it("a character cut at the end of the sample is still text", () => {
    const text = bytes("name\nZoë");
    expect(importFileKind(text.subarray(0, text.length - 1))).toBe("csv");
  });
});

describe("issue #17 §1 identity rows: each problem with its row, column and the spec's message", () => {
  it("a complete row is valid, with the defaults (English, external, standard) and the locations in order", () => {
    const { problems, parsed } = check(good);
    expect(problems).toEqual([]);
    expect(parsed).toMatchObject({
      row: 7,
      locations: [11, 10],
      roles: [1],
      contact: { email: "jamie@example.com", preferredLanguage: "en", userType: "external", role: "regular" },
    });
  });
  it("required fields, e-mail and phone follow the user editor's rules", () => {
    expect(messages({ ...good, firstName: "", email: "not-an-email", phoneMobile: "call me" })).toEqual([
      ["firstName", "validations.required"],
      ["email", "validations.email"],
      ["phoneMobile", "validations.phone"],
    ]);
  });
  it("an unknown language, user type or kind is refused", () => {
    expect(messages({ ...good, preferredLanguage: "xx", userType: "robot", role: "boss" }).map(([c]) => c)).toEqual([
      "preferredLanguage",
      "userType",
      "role",
    ]);
  });
  it("locations must exist and be the administrator's; at least one", () => {
    expect(messages({ ...good, locationIds: "20; 99; abc" })).toEqual([
      ["locationIds", "imports.errors.locationNotYours"],
      ["locationIds", "imports.errors.unknownLocation"],
      ["locationIds", "imports.errors.unknownLocation"],
    ]);
    expect(messages({ ...good, locationIds: " ; " })).toEqual([["locationIds", "validations.required"]]);
  });
  it("roles must exist and be ones the administrator may assign; at least one", () => {
    expect(messages({ ...good, securityRoles: "portal_admin, NOPE" })).toEqual([
      ["securityRoles", "imports.errors.roleNotAssignable"],
      ["securityRoles", "imports.errors.unknownRole"],
    ]);
    expect(check({ ...good, securityRoles: "NOPE" }).problems[0].values).toEqual({ value: "NOPE" });
  });
  it("an e-mail twice in the file is a problem naming the first row", () => {
    const seen = new Map<string, number>();
    expect(duplicateInFile(seen, 2, "A@example.com")).toBeNull();
    expect(duplicateInFile(seen, 5, "a@EXAMPLE.com")).toEqual({
      row: 5,
      column: "email",
      message: "imports.errors.duplicateInFile",
      values: { row: 2 },
    });
  });
  it("the header must hold the required columns, each once", () => {
    expect(headerProblems(["email", "firstName", "email"], ["email", "firstName", "lastName"])).toEqual([
      { row: 1, column: "lastName", message: "imports.errors.missingColumn" },
      { row: 1, column: "email", message: "imports.errors.columnTwice" },
    ]);
  });
  it("header cells are read loosely; list cells split on ; or ,", () => {
    expect(columnOf(" E-Mail ")).toBe("email");
    expect(columnOf("Location IDs")).toBe("locationIds");
    expect(columnOf("Other")).toBe("Other");
    expect(listCell("a; b,,c ")).toEqual(["a", "b", "c"]);
  });
});

describe("issue #17 §1 a valid row creates, updates or leaves a user unchanged (upsert by e-mail)", () => {
  const row = check(good).parsed!;
  const existing = {
    contact: {
      firstName: "Jamie",
      lastName: "Doe",
      jobTitle: "",
      phoneMobile: "",
      phoneSecondary: "",
      preferredLanguage: "en" as const,
      userType: "external" as const,
      role: "regular" as const,
    },
    locations: [11, 10],
    roles: [1],
  };
  it("no such user: create; the same data: unchanged; any difference: update", () => {
    expect(identityRowOutcome(row, null)).toBe("create");
    expect(identityRowOutcome(row, existing)).toBe("unchanged");
    expect(identityRowOutcome(row, { ...existing, contact: { ...existing.contact, lastName: "Roe" } })).toBe("update");
    expect(identityRowOutcome(row, { ...existing, locations: [10, 11] })).toBe("update");
    expect(identityRowOutcome(row, { ...existing, roles: [1, 2] })).toBe("update");
  });
});

describe("issue #33 e-mails in the recipient's language: the user's own, else the inviting administrator's", () => {
  it("an imported row without a language takes the importing administrator's; one with a language keeps it", () => {
    const withAdmin = (values: Record<string, string>) =>
      identityRowProblems({ row: 7, values }, { ...context, defaultLanguage: "de" }).parsed?.contact.preferredLanguage;
    expect(withAdmin(good)).toBe("de");
    expect(withAdmin({ ...good, preferredLanguage: "ko" })).toBe("ko");
    expect(check(good).parsed?.contact.preferredLanguage).toBe("en");
  });
});
