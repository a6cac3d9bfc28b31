import { F } from "./features";
import { SIGNED_IN, type FeatureRule } from "../security/feature-rule";
import { EMBEDDED_ACCOUNT_PAGE } from "~/permissions/account-security-link";

/** Where a route is offered: the header's Admin menu, its main entries, or SPEC §6's launcher admin links. */
export type NavMenu = "admin" | "main" | "launcher";

/** One link to a route: its label, its address, and the menus that offer it. */
export interface NavEntry {
  labelKey: string;
  to: string;
  menus: readonly NavMenu[];
  /** Launcher admin links shown without a check of this route's rule (SPEC §6: manage directory). */
  launcherUnchecked?: true;
}

/**
 * The one route → rule table (SPEC §2). Loaders, actions, navigation and the launcher all
 * read it. `public` routes need no sign-in; `nav` says where the route is linked from (in the
 * order of the table); `planned` marks a route whose screen does not exist yet: it is guarded
 * (before its 404) but never linked.
 */
export interface RouteAccess {
  /** URL pattern with :params and an optional trailing ? */
  pattern: string;
  rule: FeatureRule;
  public?: boolean;
  nav?: readonly NavEntry[];
  planned?: true;
}

const announcements: FeatureRule = { any: [F.announcementsWrite, F.announcementsRead] };
const permissionSets: FeatureRule = { any: [F.permissionSetsWrite, F.permissionSetsRead] };
const securityRoles: FeatureRule = { any: [F.securityRolesWrite, F.securityRolesRead] };
const users: FeatureRule = { any: [F.usersWrite, F.usersEdit, F.usersRead] };
const applications: FeatureRule = { any: [F.applicationsWrite, F.applicationsRead] };
const bulkImport: FeatureRule = { all: [F.identityBulkImportWrite] };
/** Organizations are the portal's: their import is for a portal-wide administrator only (ADR 29). */
const organizationImport: FeatureRule = { all: [F.identityBulkImportWrite, F.portalScope] };
const documents: FeatureRule = { all: [F.documentsView] };

const ADMIN_AND_LAUNCHER = ["admin", "launcher"] as const;
const adminLink = (labelKey: string, to: string): NavEntry[] => [{ labelKey, to, menus: ADMIN_AND_LAUNCHER }];

export const ROUTE_RULES = {
  home: { pattern: "/", rule: SIGNED_IN },
  accessDenied: { pattern: "/access-denied", rule: {}, public: true },
  documents: {
    pattern: "/documents",
    rule: documents,
    nav: [{ labelKey: "nav.documents", to: "/documents", menus: ["main"] }],
  },
  documentsExport: { pattern: "/documents.csv", rule: documents },
  /** A document's file: the library's rule; the document's own visibility decides 404 after it. */
  documentDownload: { pattern: "/documents/:id/download", rule: documents },
  support: {
    pattern: "/support",
    rule: { all: [F.serialNumberPresent] },
    nav: [{ labelKey: "nav.support", to: "/support", menus: ["main"] }],
  },
  announcements: { pattern: "/admin", rule: announcements, nav: adminLink("adminLinks.announcements", "/admin") },
  /** Each list's CSV export: the list's rule. */
  announcementsExport: { pattern: "/admin.csv", rule: announcements },
  announcementEditor: { pattern: "/admin/announcement/:id?/:mode?", rule: announcements },
  users: { pattern: "/admin/users", rule: users, nav: adminLink("adminLinks.users", "/admin/users") },
  usersExport: { pattern: "/admin/users.csv", rule: users },
  copyUser: { pattern: "/admin/users/copyuser", rule: { all: [F.usersWrite, F.dev] } },
  copyRole: { pattern: "/admin/users/copyrole", rule: { all: [F.usersWrite, F.dev] } },
  /** The chooser, and the editor in create mode at /admin/users/create/:tab. */
  createUser: { pattern: "/admin/users/create/:tab?", rule: { all: [F.usersWrite] } },
  editUser: { pattern: "/admin/users/:id/:mode/:tab?", rule: users },
  applications: {
    pattern: "/admin/applications",
    rule: applications,
    nav: adminLink("adminLinks.applications", "/admin/applications"),
  },
  applicationsExport: { pattern: "/admin/applications.csv", rule: applications },
  applicationEditor: { pattern: "/admin/application/:id?", rule: applications },
  securityRoles: {
    pattern: "/admin/security-roles",
    rule: securityRoles,
    nav: adminLink("adminLinks.securityRoles", "/admin/security-roles"),
  },
  securityRolesExport: { pattern: "/admin/security-roles.csv", rule: securityRoles },
  securityRoleEditor: { pattern: "/admin/security-role/:id?", rule: securityRoles },
  permissionSets: {
    pattern: "/admin/permission-sets",
    rule: permissionSets,
    nav: adminLink("adminLinks.permissionSets", "/admin/permission-sets"),
  },
  permissionSetsExport: { pattern: "/admin/permission-sets.csv", rule: permissionSets },
  permissionSetEditor: { pattern: "/admin/permission-set/:id?", rule: permissionSets },
  manageDirectory: {
    pattern: "/admin/manage-directory/:context?",
    rule: { all: [F.usersWrite] },
    nav: [
      {
        labelKey: "adminLinks.manageDirectory",
        to: "/admin/manage-directory/DEALER_LOCATION",
        menus: ADMIN_AND_LAUNCHER,
        launcherUnchecked: true,
      },
      {
        labelKey: "adminLinks.singularRoles",
        to: "/admin/manage-directory/SINGULAR_ROLES",
        menus: ADMIN_AND_LAUNCHER,
        launcherUnchecked: true,
      },
    ],
  },
  auditUsers: {
    pattern: "/admin/audit/users",
    rule: { all: [F.auditUsersRead] },
    nav: adminLink("adminLinks.auditUsers", "/admin/audit/users"),
  },
  auditUsersExport: { pattern: "/admin/audit/users.csv", rule: { all: [F.auditUsersRead] } },
  auditOrganizations: {
    pattern: "/admin/audit/organizations",
    rule: { all: [F.auditOrgsRead] },
    nav: adminLink("adminLinks.auditOrganizations", "/admin/audit/organizations"),
  },
  auditOrganizationsExport: { pattern: "/admin/audit/organizations.csv", rule: { all: [F.auditOrgsRead] } },
  identityBulkImport: {
    pattern: "/admin/wsr-bulk-assignments",
    rule: bulkImport,
    nav: adminLink("adminLinks.identityBulkImport", "/admin/wsr-bulk-assignments"),
  },
  identityBulkImportRun: { pattern: "/admin/wsr-bulk-assignments/:runId", rule: bulkImport },
  identityBulkImportTemplate: { pattern: "/admin/wsr-bulk-assignments/template/:format", rule: bulkImport },
  organizationBulkImport: {
    pattern: "/admin/orgs-bulk-assignments",
    rule: organizationImport,
    nav: adminLink("adminLinks.organizationBulkImport", "/admin/orgs-bulk-assignments"),
  },
  organizationBulkImportRun: { pattern: "/admin/orgs-bulk-assignments/:runId", rule: organizationImport },
  organizationBulkImportTemplate: {
    pattern: "/admin/orgs-bulk-assignments/template/:format",
    rule: organizationImport,
  },
  integrationErrors: {
    pattern: "/admin/integration-errors",
    rule: { all: [F.integrationStatusRead] },
    nav: [{ labelKey: "adminLinks.integrationErrors", to: "/admin/integration-errors", menus: ["admin"] }],
  },
  integrationErrorsExport: { pattern: "/admin/integration-errors.csv", rule: { all: [F.integrationStatusRead] } },
  preferences: { pattern: "/preferences/:path?", rule: SIGNED_IN },
  loginCallback: { pattern: "/login/callback", rule: {}, public: true },
  /** The embedded identity provider's account page: change password, active sessions (issue #5 §2). */
  accountSecurity: { pattern: EMBEDDED_ACCOUNT_PAGE, rule: SIGNED_IN },
  /** The account migration modal's page (the changePassword required action). */
  accountMigration: { pattern: "/account/migrate", rule: SIGNED_IN },
  /** The security review (attestation) modal's page: where it posts, and where it opens on demand. */
  securityReview: { pattern: "/security-review", rule: { all: [F.usersWrite] } },
  /** The security review history of the administrator's locations (CSV). */
  securityReviewHistory: { pattern: "/security-review.csv", rule: { all: [F.usersWrite] } },
  /** The directory review modal's page (dealer locations or singular roles): where it posts and opens on demand. */
  directoryReview: { pattern: "/directory-review/:context", rule: { all: [F.usersWrite] } },
  /** "Stay logged in" of the session time-out warning. */
  sessionKeepalive: { pattern: "/session/keepalive", rule: SIGNED_IN },
  /** Opening an announcement (marks it read, then its link): sign-in only. */
  announcementOpen: { pattern: "/announcements/:id/open", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof ROUTE_RULES;

/*
 * Paths are matched the way the router matches them, so an odd spelling of a guarded path is
 * guarded like its canonical form: each segment percent-decoded, case-insensitive, any number of
 * trailing slashes.
 */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split("/").filter(Boolean);
  let source = "^";
  for (const part of parts) {
    if (part.startsWith(":")) {
      const optional = part.endsWith("?");
      source += optional ? "(?:/[^/]+)?" : "/[^/]+";
    } else {
      source += "/" + part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(source + "/*$", "i");
}

/** A path as the router reads it: each segment percent-decoded (an encoded slash stays encoded). */
export function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

const compiled = (Object.entries(ROUTE_RULES) as [RouteKey, RouteAccess][]).map(
  ([key, access]) => [key, patternToRegExp(access.pattern), access] as const,
);

/**
 * The access entry for a path. Literal segments win over parameters, so
 * /admin/users/create matches createUser, not editUser.
 */
export function routeAccessFor(pathname: string): { key: RouteKey; access: RouteAccess } | undefined {
  const path = decodedPath(pathname);
  const matches = compiled.filter(([, re]) => re.test(path));
  if (matches.length === 0) return undefined;
  const literalCount = (pattern: string) => pattern.split("/").filter((p) => p && !p.startsWith(":")).length;
  matches.sort((a, b) => literalCount(b[2].pattern) - literalCount(a[2].pattern));
  const [key, , access] = matches[0];
  return { key, access };
}
