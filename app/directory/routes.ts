import { DIRECTORY_REVIEW_PATH, MANAGE_DIRECTORY_PATH, toManageDirectory } from "./paths";
import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

const ADMIN_AND_LAUNCHER = ["admin", "launcher"] as const;

export const directoryRoutes = {
  manageDirectory: {
    pattern: `${MANAGE_DIRECTORY_PATH}/:context?`,
    rule: { all: [F.usersWrite] },
    nav: [
      {
        labelKey: "adminLinks.manageDirectory",
        to: toManageDirectory("DEALER_LOCATION"),
        menus: ADMIN_AND_LAUNCHER,
        launcherUnchecked: true,
      },
      {
        labelKey: "adminLinks.singularRoles",
        to: toManageDirectory("SINGULAR_ROLES"),
        menus: ADMIN_AND_LAUNCHER,
        launcherUnchecked: true,
      },
    ],
  },
  /** The directory review modal's page (dealer locations or singular roles): where it posts and opens on demand. */
  directoryReview: { pattern: `${DIRECTORY_REVIEW_PATH}/:context`, rule: { all: [F.usersWrite] } },
} as const satisfies Record<string, RouteAccess>;

export { toManageDirectory };
