import { describe, expect, it } from "vitest";
import { organizationColumnOf } from "~/imports/columns";
import { duplicateInFile } from "~/imports/identity-rules";
import {
  organizationRowOutcome,
  organizationRowProblems,
  type ExistingOrganization,
} from "~/imports/organization-rules";

const context = {
  brandIds: new Set([1, 2, 4]),
  regionCodes: new Set(["NA", "EMEA"]),
  knownRegionCodes: new Set(["NA", "EMEA", "APAC"]),
};
const check = (values: Record<string, string>) => organizationRowProblems({ row: 2, values }, context);
const location = {
  organizationId: "ORG-1",
  name: "Ames",
  type: "location",
  brand: "1",
  region: "na",
  parentId: "ORG-0",
};
const messages = (values: Record<string, string>) =>
  check(values).problems.map((problem) => `${problem.column}: ${problem.message}`);

describe("issue #17 §1 organization import rows", () => {
  it("a valid location is parsed: type and region normalised, empty address none", () => {
    expect(check(location)).toEqual({
      problems: [],
      parsed: {
        row: 2,
        externalId: "ORG-1",
        name: "Ames",
        type: "location",
        brandId: 1,
        regionCode: "NA",
        parentExternalId: "ORG-0",
        address: null,
      },
    });
  });

  it("the required columns: organization id, name, type, brand and region", () => {
    expect(messages({})).toEqual([
      "organizationId: validations.required",
      "name: validations.required",
      "type: validations.required",
      "brand: validations.required",
      "region: validations.required",
    ]);
  });

  it("an organization id of the maker's form only", () => {
    expect(messages({ ...location, organizationId: "ORG 1" })).toEqual([
      "organizationId: imports.errors.organizationId",
    ]);
    expect(messages({ ...location, organizationId: "x".repeat(65) })).toEqual([
      "organizationId: imports.errors.organizationId",
    ]);
  });

  it("type is dealer or location; brand is 1–5 and the administrator's; the region is known", () => {
    expect(messages({ ...location, type: "shop" })).toEqual(["type: imports.errors.organizationType"]);
    expect(messages({ ...location, brand: "6" })).toEqual(["brand: imports.errors.unknownBrand"]);
    expect(messages({ ...location, brand: "3" })).toEqual(["brand: imports.errors.brandNotYours"]);
    expect(messages({ ...location, region: "MARS" })).toEqual(["region: imports.errors.unknownRegion"]);
  });

  it("a location needs a parent that is not itself; a dealer may have none", () => {
    expect(messages({ ...location, parentId: "" })).toEqual(["parentId: imports.errors.parentRequired"]);
    expect(messages({ ...location, parentId: "org-1" })).toEqual(["parentId: imports.errors.parentItself"]);
    expect(messages({ ...location, type: "dealer", parentId: "" })).toEqual([]);
  });

  it("an address longer than 500 characters is refused", () => {
    expect(messages({ ...location, address: "a".repeat(501) })).toEqual(["address: validations.maxLength"]);
  });

  it("an organization id twice in the file names the first row", () => {
    const seen = new Map<string, number>();
    expect(duplicateInFile(seen, 2, "ORG-1", "organizationId")).toBeNull();
    expect(duplicateInFile(seen, 5, "org-1", "organizationId")).toEqual({
      row: 5,
      column: "organizationId",
      message: "imports.errors.duplicateIdInFile",
      values: { row: 2 },
    });
  });

  it("header names are loose: case, spaces and punctuation do not matter", () => {
    expect(["Organization ID", "parent-id", "Region", "Other"].map(organizationColumnOf)).toEqual([
      "organizationId",
      "parentId",
      "region",
      "Other",
    ]);
  });

  it("upsert by organization id: same values unchanged, any difference an update", () => {
    const parsed = check(location).parsed!;
    const saved: ExistingOrganization = {
      name: "Ames",
      type: "location",
      brandId: 1,
      regionCode: "NA",
      parentExternalId: "org-0",
      address: null,
    };
    expect(organizationRowOutcome(parsed, null)).toBe("create");
    expect(organizationRowOutcome(parsed, saved)).toBe("unchanged");
    expect(organizationRowOutcome(parsed, { ...saved, address: "1 Main St" })).toBe("update");
    expect(organizationRowOutcome(parsed, { ...saved, parentExternalId: "ORG-9" })).toBe("update");
  });
});
