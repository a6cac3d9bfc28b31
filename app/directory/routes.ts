import type { DirectoryContext } from "./contexts";
import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

const ADMIN_AND_LAUNCHER = ["admin", "launcher"] as const;

export const directoryRoutes = {
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
  /** The directory review modal's page (dealer locations or singular roles): where it posts and opens on demand. */
  directoryReview: { pattern: "/directory-review/:context", rule: { all: [F.usersWrite] } },
} as const satisfies Record<string, RouteAccess>;

/** The manage-directory screen of one context. */
export const toManageDirectory = (context: DirectoryContext) => `/admin/manage-directory/${context}`;

/** The addresses of the directory's own pages: its review's and where it is managed. */
export const DIRECTORY_PAGE_PREFIXES = ["/directory-review/", "/admin/manage-directory"] as const;
