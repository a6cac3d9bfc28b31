import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "~/assembly/portal.server";
import { routeAccessFor } from "~/permissions/route-rules";
import { satisfiesRule } from "~/security/feature-rule";
import { launcherAdminLinks, visibleAdminLinks, visibleMainLinks } from "~/navigation/admin-links";
import { ALL_ADMIN_FEATURES, F } from "~/permissions/features";

/** Every admin feature, held at the maker's own organization (so with the derived scope:portal, ADR 29). */
const PORTAL_ADMIN = [...ALL_ADMIN_FEATURES, F.portalScope];

/** The rules of every link, the screens still to come included. */
const ALL_SCREENS = { includePlanned: true };

const allowed = (path: string, features: string[]) => {
  const entry = routeAccessFor(path);
  if (!entry) throw new Error(`no rule for ${path}`);
  return satisfiesRule(features, entry.access.rule);
};

describe("SPEC §2 route table: every route has its rule", () => {
  it.each([
    ["/", "home"],
    ["/access-denied", "accessDenied"],
    ["/admin", "announcements"],
    ["/admin/announcement", "announcementEditor"],
    ["/admin/announcement/12/edit", "announcementEditor"],
    ["/admin/permission-sets", "permissionSets"],
    ["/admin/permission-set/3", "permissionSetEditor"],
    ["/admin/security-roles", "securityRoles"],
    ["/admin/security-role", "securityRoleEditor"],
    ["/admin/users", "users"],
    ["/admin/users/copyuser", "copyUser"],
    ["/admin/users/copyrole", "copyRole"],
    ["/admin/users/create/", "createUser"],
    ["/admin/users/42/edit", "editUser"],
    ["/preferences", "preferences"],
    ["/preferences/subscriptions", "preferences"],
    ["/support", "support"],
    ["/admin/applications", "applications"],
    ["/admin/application/5", "applicationEditor"],
    ["/admin/audit/users", "auditUsers"],
    ["/admin/audit/organizations", "auditOrganizations"],
    ["/admin/manage-directory", "manageDirectory"],
    ["/admin/manage-directory/SINGULAR_ROLES", "manageDirectory"],
    ["/admin/wsr-bulk-assignments", "identityBulkImport"],
    ["/admin/orgs-bulk-assignments", "organizationBulkImport"],
    ["/documents", "documents"],
    ["/documents/7/download", "documentDownload"],
    ["/admin/integration-errors", "integrationErrors"],
    ["/login/callback", "loginCallback"],
  ])("%s is guarded by %s", (path, key) => {
    expect(routeAccessFor(path)?.key).toBe(key);
  });

  it("create user needs admin:users:write; read-only auditors are refused", () => {
    expect(allowed("/admin/users/create/", ["admin:users:read"])).toBe(false);
    expect(allowed("/admin/users/create/", ["admin:users:write"])).toBe(true);
  });
  it("copy user and copy role need admin:users:write and feature:dev (all)", () => {
    expect(allowed("/admin/users/copyuser", ["admin:users:write"])).toBe(false);
    expect(allowed("/admin/users/copyrole", ["admin:users:write", "feature:dev"])).toBe(true);
  });
  it("users list takes write, edit or read (any)", () => {
    for (const f of ["admin:users:write", "admin:users:edit", "admin:users:read"])
      expect(allowed("/admin/users", [f])).toBe(true);
    expect(allowed("/admin/users", ["documents:view"])).toBe(false);
  });
  it("support needs serialNumber:present", () => {
    expect(allowed("/support", ["documents:view"])).toBe(false);
    expect(allowed("/support", ["serialNumber:present"])).toBe(true);
  });
  it("public routes are marked as such and nothing else is", () => {
    const publicKeys = Object.entries(ROUTE_TABLE)
      .filter(([, a]) => "public" in a && a.public)
      .map(([k]) => k);
    expect(publicKeys.sort()).toEqual(["accessDenied", "loginCallback"]);
  });
});

describe("SPEC §2 header navigation filtered by the same table", () => {
  it("an administrator sees every admin link", () => {
    expect(visibleAdminLinks(PORTAL_ADMIN, ALL_SCREENS).map((l) => l.to)).toContain("/admin/users");
    expect(visibleAdminLinks(PORTAL_ADMIN, ALL_SCREENS)).toHaveLength(14);
  });
  it("a read-only auditor's links are only those its features allow", () => {
    const links = visibleAdminLinks(
      ["admin:users:read", "admin:announcements:read", "audit:users:read"],
      ALL_SCREENS,
    ).map((l) => l.to);
    expect(links).toEqual(["/admin", "/admin/users", "/admin/audit/users"]);
  });
  it("Documents needs documents:view and Support needs serialNumber:present", () => {
    expect(visibleMainLinks(["documents:view"]).map((l) => l.to)).toEqual(["/documents"]);
    expect(visibleMainLinks(["serialNumber:present"]).map((l) => l.to)).toEqual(["/support"]);
  });
});

describe("issue #10 §2: the guard table matches paths the way the router does", () => {
  it.each([
    ["/ADMIN", "announcements"],
    ["/Admin/", "announcements"],
    ["/admin//", "announcements"],
    ["/%61dmin", "announcements"],
    ["/%41DMIN/Applications", "applications"],
    ["/Documents/1/Download", "documentDownload"],
    ["/documents/1/download///", "documentDownload"],
    ["/ADMIN/USERS/COPYUSER", "copyUser"],
    ["/admin/users/CREATE", "createUser"],
    ["/%73upport", "support"],
  ])("%s is guarded like its canonical form (%s)", (path, key) => {
    expect(routeAccessFor(path)?.key).toBe(key);
  });
  it("an encoded slash does not split a segment", () => {
    expect(routeAccessFor("/admin%2Fapplications")).toBeUndefined();
  });
  it("a path that does not decode is left to the router's 404", () => {
    expect(routeAccessFor("/%ff/admin")).toBeUndefined();
  });
});

describe("issue #11 §3: menus come from the route table; a screen that does not exist is not linked", () => {
  it("the Admin menu and the launcher offer only built screens", () => {
    const admin = ["feature:dev", ...PORTAL_ADMIN];
    const built = [
      "/admin",
      "/admin/users",
      "/admin/applications",
      "/admin/security-roles",
      "/admin/permission-sets",
      "/admin/manage-directory/DEALER_LOCATION",
      "/admin/manage-directory/SINGULAR_ROLES",
      "/admin/audit/users",
      "/admin/audit/organizations",
      "/admin/wsr-bulk-assignments",
      "/admin/orgs-bulk-assignments",
    ];
    // The reports — announcement receipts (beside the announcements), integration errors — are in
    // the Admin menu only (not launcher tiles).
    expect(visibleAdminLinks(admin).map((l) => l.to)).toEqual([
      "/admin",
      "/admin/acknowledgements",
      ...built.slice(1),
      "/admin/integration-errors",
      "/admin/api-clients",
    ]);
    expect(launcherAdminLinks(admin).map((l) => l.to)).toEqual(built);
  });
  it("every linked address is guarded by the entry it belongs to", () => {
    const admin = ["feature:dev", "serialNumber:present", "documents:view", ...PORTAL_ADMIN];
    for (const link of [
      ...visibleAdminLinks(admin, ALL_SCREENS),
      ...visibleMainLinks(admin),
      ...launcherAdminLinks(admin, ALL_SCREENS),
    ]) {
      expect(routeAccessFor(link.to), link.to).toBeDefined();
    }
  });
});

describe("issue #30 §2: the organization import is a portal-wide administrator's", () => {
  it("a dealer administrator with the import feature is offered the identity import, not the organization import", () => {
    const dealerAdmin = [F.usersWrite, F.usersEdit, F.usersRead, F.auditUsersRead, F.identityBulkImportWrite];
    const links = visibleAdminLinks(dealerAdmin, ALL_SCREENS).map((l) => l.to);
    expect(links).toContain("/admin/wsr-bulk-assignments");
    expect(links).not.toContain("/admin/orgs-bulk-assignments");
    expect(visibleAdminLinks([...dealerAdmin, F.portalScope], ALL_SCREENS).map((l) => l.to)).toContain(
      "/admin/orgs-bulk-assignments",
    );
  });
});
