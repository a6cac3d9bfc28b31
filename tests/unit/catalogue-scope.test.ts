import { describe, expect, it } from "vitest";
import {
  brandNotYoursRefusal,
  catalogueAccessOf,
  catalogueListedTo,
  catalogueWritableWithin,
  listedBrandsOf,
} from "~/permissions/catalogue-scope";
import { NO_PORTAL_SCOPE } from "~/permissions/admin-levels";

const brands = (...ids: number[]) => ids.map((id) => ({ id }));
/** The demo's portal administrator: portal brands 1, 2 and 4 (and the same brands at dealer locations). */
const admin = {
  portalScope: { brandIds: [1, 2, 4], regionCodes: ["EMEA", "NA"] },
  access: { brands: brands(1, 2, 4) },
};
/** An editor of brand 1 only, who also holds a role at a brand-3 dealer location. */
const brandOne = { portalScope: { brandIds: [1], regionCodes: ["NA"] }, access: { brands: brands(1, 3) } };
/** A reader at a brand-1 dealer location: no portal scope (the demo's auditor). */
const auditor = { portalScope: NO_PORTAL_SCOPE, access: { brands: brands(1) } };

describe("issue #30 §2 catalogue content is written only within the editor's brands", () => {
  it("SPEC #30 content can be written only when every one of its brands is in the editor's portal scope", () => {
    expect(catalogueWritableWithin(brandOne.portalScope, [1])).toBe(true);
    expect(catalogueWritableWithin(brandOne.portalScope, [1, 3])).toBe(false);
    expect(catalogueWritableWithin(brandOne.portalScope, [5])).toBe(false);
    expect(catalogueWritableWithin(admin.portalScope, [1, 2, 4])).toBe(true);
    expect(catalogueWritableWithin(admin.portalScope, [1, 2, 3, 4, 5])).toBe(false);
  });

  it("SPEC #30 without a portal scope nothing can be written, and content for no brand never", () => {
    expect(catalogueWritableWithin(NO_PORTAL_SCOPE, [1])).toBe(false);
    expect(catalogueWritableWithin(NO_PORTAL_SCOPE, [])).toBe(false);
    expect(catalogueWritableWithin(admin.portalScope, [])).toBe(false);
  });

  it("SPEC #30 lists hold content with one brand in the portal scope; a reader without one, their own brands'", () => {
    expect(listedBrandsOf(admin)).toEqual([1, 2, 4]);
    // The portal scope decides, not the brands of dealer locations also held.
    expect(listedBrandsOf(brandOne)).toEqual([1]);
    expect(catalogueListedTo(brandOne, [3])).toBe(false);
    expect(catalogueListedTo(brandOne, [1, 2, 3, 4, 5])).toBe(true);
    expect(listedBrandsOf(auditor)).toEqual([1]);
    expect(catalogueListedTo(auditor, [1, 3])).toBe(true);
    expect(catalogueListedTo(auditor, [4])).toBe(false);
    expect(catalogueListedTo({ portalScope: NO_PORTAL_SCOPE, access: { brands: [] } }, [1])).toBe(false);
  });

  it("SPEC #30 a record is the writer's to edit when all its brands are theirs, to view when one is, else not there", () => {
    expect(catalogueAccessOf(brandOne, [1], true)).toBe("edit");
    expect(catalogueAccessOf(brandOne, [1, 3], true)).toBe("view");
    expect(catalogueAccessOf(brandOne, [3], true)).toBe("none");
    // Without the write feature the portal scope only lists.
    expect(catalogueAccessOf(brandOne, [1], false)).toBe("view");
    expect(catalogueAccessOf(auditor, [1], true)).toBe("view");
    expect(catalogueAccessOf(auditor, [5], false)).toBe("none");
  });

  it("a refused save names the brand field with a translated message", () => {
    expect(brandNotYoursRefusal("brandIds")).toEqual({ message: "validations.brandsNotYours", field: "brandIds" });
    expect(brandNotYoursRefusal("brandId").field).toBe("brandId");
  });
});
