import { describe, expect, it } from "vitest";
import {
  adminApplicationsByRegion,
  groupLauncher,
  opensInNewTab,
  compareCategories,
  type LauncherItem,
} from "~/applications/launcher";
import { launcherAdminLinks } from "~/navigation/admin-links";

/** The rules of every link, the screens still to come included. */
const ALL_SCREENS = { includePlanned: true };
import { applicationVisibleTo, inLauncherBrand, type TargetingSubject } from "~/applications/targeting";
import { customRuleHolds, parseCustomRules } from "~/applications/custom-rule";
import { ALL_ADMIN_FEATURES, F } from "~/permissions/features";

const item = (id: string, regionCode: string | null, categories: string[], sortOrder = 0): LauncherItem => ({
  id,
  name: id,
  description: "",
  link: "/x",
  regionCode,
  categories,
  sortOrder,
});

describe("SPEC §2 My applications grouping", () => {
  it("groups by region, then by category", () => {
    const launcher = groupLauncher(
      [item("a", "NA", ["Sales"]), item("b", "EMEA", ["Parts"]), item("c", "NA", ["Parts"])],
      ["NA", "EMEA"],
    );
    expect(launcher.regions.map((r) => r.regionCode)).toEqual(["NA", "EMEA"]);
    expect(launcher.regions[0].categories.map((c) => c.name)).toEqual(["Parts", "Sales"]);
  });
  it("region headings show only with more than one region", () => {
    expect(groupLauncher([item("a", "NA", []), item("b", "NA", [])]).showRegionHeadings).toBe(false);
    expect(groupLauncher([item("a", "NA", []), item("b", "EMEA", [])]).showRegionHeadings).toBe(true);
  });
  it("applications with no category fall in an unnamed group", () => {
    const launcher = groupLauncher([item("a", "NA", []), item("b", "NA", ["Sales"])]);
    expect(launcher.regions[0].categories).toEqual([
      { name: "Sales", items: [expect.objectContaining({ id: "b" })] },
      { name: null, items: [expect.objectContaining({ id: "a" })] },
    ]);
  });
  it("the category named Admin sorts last", () => {
    const launcher = groupLauncher([
      item("a", "NA", ["Admin"]),
      item("b", "NA", []),
      item("c", "NA", ["Warranty"]),
      item("d", "NA", ["Parts"]),
    ]);
    expect(launcher.regions[0].categories.map((c) => c.name)).toEqual(["Parts", "Warranty", null, "Admin"]);
    expect(compareCategories("Admin", "Zebra")).toBeGreaterThan(0);
  });
  it("an application with several categories shows under each; items keep their order", () => {
    const launcher = groupLauncher([item("late", "NA", ["Parts", "Service"], 5), item("early", "NA", ["Parts"], 1)]);
    expect(launcher.regions[0].categories.map((c) => [c.name, c.items.map((i) => i.id)])).toEqual([
      ["Parts", ["early", "late"]],
      ["Service", ["late"]],
    ]);
  });
  it("with none, there is nothing to group (the empty message shows)", () => {
    expect(groupLauncher([]).regions).toEqual([]);
  });
  it("links containing http open in a new tab; others are in-app routes", () => {
    expect(opensInNewTab("https://parts.example.com")).toBe(true);
    expect(opensInNewTab("/documents")).toBe(false);
  });
});

describe("SPEC §2 header Admin menu: regions' admin apps", () => {
  it("lists only the Admin category's applications, by region in the launcher's order, each once", () => {
    const menu = adminApplicationsByRegion(
      [
        item("emea-admin", "EMEA", ["Admin"]),
        item("parts", "NA", ["Parts"]),
        item("na-admin-2", "NA", ["Admin", "Sales"], 2),
        item("na-admin-1", "NA", ["Admin"], 1),
        item("apac-sales", "APAC", ["Sales"]),
      ],
      ["NA", "EMEA", "APAC"],
    );
    expect(menu.map((region) => [region.regionCode, region.items.map((i) => i.id)])).toEqual([
      ["NA", ["na-admin-1", "na-admin-2"]],
      ["EMEA", ["emea-admin"]],
    ]);
  });
  it("no admin applications: no region", () => {
    expect(adminApplicationsByRegion([item("parts", "NA", ["Parts"])], ["NA"])).toEqual([]);
  });
});

describe("SPEC §6 launcher admin links", () => {
  // Every admin feature held at the maker's organization: with the derived scope:portal (ADR 29).
  const admin = [...ALL_ADMIN_FEATURES, F.portalScope, "feature:dev"];
  it("show only with feature:dev and any-admin", () => {
    expect(launcherAdminLinks([...ALL_ADMIN_FEATURES], ALL_SCREENS)).toEqual([]);
    expect(launcherAdminLinks(["feature:dev", "admin:users:read"], ALL_SCREENS)).toEqual([]);
    expect(launcherAdminLinks(admin, ALL_SCREENS)).toHaveLength(11);
  });
  it("each link follows its own rule; manage-directory links have no check", () => {
    const links = launcherAdminLinks(["feature:dev", "admin:announcements:write"], ALL_SCREENS).map((l) => l.to);
    expect(links).toEqual([
      "/admin",
      "/admin/manage-directory/DEALER_LOCATION",
      "/admin/manage-directory/SINGULAR_ROLES",
    ]);
  });
});

const dealer: TargetingSubject = {
  brandIds: [1],
  regions: ["NA"],
  webRoles: ["SALES"],
  organizationTypes: ["DEALER"],
  contractTypes: ["FULL_LINE"],
  contractCodes: ["C-100"],
  userType: "external",
  role: "regular",
  features: ["documents:view"],
  assignedApplicationIds: [],
};
const app = {
  id: 7,
  brandId: 1,
  regionCode: "NA",
  webRoles: [],
  organizationTypes: [],
  contractTypes: [],
  customRules: null,
  requiresAssignment: false,
};

describe("application targeting", () => {
  it("needs the user's brand and region", () => {
    expect(applicationVisibleTo(app, dealer)).toBe(true);
    expect(applicationVisibleTo({ ...app, brandId: 2 }, dealer)).toBe(false);
    expect(applicationVisibleTo({ ...app, regionCode: "EMEA" }, dealer)).toBe(false);
  });
  it("a targeting list set on the application must share a value with the user's", () => {
    expect(applicationVisibleTo({ ...app, webRoles: ["SALES", "X"] }, dealer)).toBe(true);
    expect(applicationVisibleTo({ ...app, webRoles: ["SERVICE"] }, dealer)).toBe(false);
    expect(applicationVisibleTo({ ...app, organizationTypes: ["RENTAL"] }, dealer)).toBe(false);
    expect(applicationVisibleTo({ ...app, contractTypes: ["FULL_LINE"] }, dealer)).toBe(true);
  });
  it("custom rules must hold; malformed rules hide the application", () => {
    expect(applicationVisibleTo({ ...app, customRules: { attr: "userType", eq: "internal" } }, dealer)).toBe(false);
    expect(applicationVisibleTo({ ...app, customRules: { attr: "userType", eq: "external" } }, dealer)).toBe(true);
    expect(applicationVisibleTo({ ...app, customRules: { attr: "userType", matches: ".*" } }, dealer)).toBe(false);
  });
  it("issue #14 §4 an application flagged requires assignment shows only to the users assigned to it", () => {
    const flagged = { ...app, requiresAssignment: true };
    expect(applicationVisibleTo(flagged, dealer)).toBe(false);
    expect(applicationVisibleTo(flagged, { ...dealer, assignedApplicationIds: [7] })).toBe(true);
    expect(applicationVisibleTo({ ...flagged, brandId: 2 }, { ...dealer, assignedApplicationIds: [7] })).toBe(false);
    // What the user editor offers: every application the user could be assigned.
    expect(applicationVisibleTo(flagged, { ...dealer, assignedApplicationIds: null })).toBe(true);
  });
});

describe("SPEC §4 applications are regrouped on a brand change", () => {
  it("the launcher of a brand holds that brand's applications only; without a brand, every brand's", () => {
    expect(inLauncherBrand({ brandId: 1 }, 1)).toBe(true);
    expect(inLauncherBrand({ brandId: 4 }, 1)).toBe(false);
    expect(inLauncherBrand({ brandId: 4 }, 4)).toBe(true);
    expect(inLauncherBrand({ brandId: 4 }, undefined)).toBe(true);
  });
});

describe("custom rules", () => {
  const subject = {
    userType: "internal",
    role: "admin",
    features: ["feature:dev"],
    regions: ["NA", "EMEA"],
    brands: ["1"],
    webRoles: [],
    organizationTypes: ["DEALER"],
    contractTypes: [],
    contractCodes: [],
  };
  it("combine with all, any and not", () => {
    expect(
      customRuleHolds(
        {
          all: [
            { attr: "role", eq: "admin" },
            { attr: "features", includes: "feature:dev" },
          ],
        },
        subject,
      ),
    ).toBe(true);
    expect(
      customRuleHolds(
        {
          any: [
            { attr: "regions", in: ["APAC"] },
            { attr: "brands", includes: "1" },
          ],
        },
        subject,
      ),
    ).toBe(true);
    expect(customRuleHolds({ not: { attr: "organizationTypes", includes: "DEALER" } }, subject)).toBe(false);
  });
  it("parse from the editor's JSON; empty is none; anything else is refused", () => {
    expect(parseCustomRules("")).toEqual({ ok: true, rule: null });
    expect(parseCustomRules('{"attr":"userType","eq":"internal"}')).toEqual({
      ok: true,
      rule: { attr: "userType", eq: "internal" },
    });
    expect(parseCustomRules("{not json").ok).toBe(false);
    expect(parseCustomRules('{"attr":"password","eq":"x"}').ok).toBe(false);
    expect(parseCustomRules('{"constructor":{"prototype":{}}}').ok).toBe(false);
  });
});

describe("SPEC §9 pagination: 5 page buttons", () => {
  it("centres the window on the current page where it can", async () => {
    const { pageWindow } = await import("~/ui/Pagination");
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});
