import { hrefWith, type LinkQuery } from "~/ui/href";
import { F } from "~/permissions/features";
import { adminMenuLink, type RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const users: FeatureRule = { any: [F.usersWrite, F.usersEdit, F.usersRead] };

export const userRoutes = {
  users: { pattern: "/admin/users", rule: users, nav: adminMenuLink("adminLinks.users", "/admin/users") },
  usersExport: { pattern: "/admin/users.csv", rule: users },
  copyUser: { pattern: "/admin/users/copyuser", rule: { all: [F.usersWrite, F.dev] } },
  copyRole: { pattern: "/admin/users/copyrole", rule: { all: [F.usersWrite, F.dev] } },
  /** The chooser, and the editor in create mode at /admin/users/create/:tab. */
  createUser: { pattern: "/admin/users/create/:tab?", rule: { all: [F.usersWrite] } },
  editUser: { pattern: "/admin/users/:id/:mode/:tab?", rule: users },
  /** Issue #39 §2: the home page as the user sees it, read-only. */
  previewUser: { pattern: "/admin/users/:id/preview", rule: users },
} as const satisfies Record<string, RouteAccess>;

/** The users list (with its query: `deleted`, a search). */
export const toUsers = (query?: LinkQuery) => hrefWith("/admin/users", query);

/** One user's page: viewed (a tab of its record) or edited (a tab of the editor). */
export const toUser = (to: { id: number | string; mode: "view" | "edit"; tab?: string }, query?: LinkQuery) =>
  hrefWith(`/admin/users/${to.id}/${to.mode}${to.tab ? `/${to.tab}` : ""}`, query);

/** The home page as a user sees it (issue #39 §2). */
export const toUserPreview = (id: number | string) => `/admin/users/${id}/preview`;

/** Creating a user: the chooser, or a tab of the new user's editor. */
export const toCreateUser = (tab?: string) => `/admin/users/create${tab ? `/${tab}` : ""}`;

/** Creating a user from another user's roles or from a role (the copy screens). */
export const toCopyUser = (from: "copyuser" | "copyrole", query: URLSearchParams) => `/admin/users/${from}?${query}`;
