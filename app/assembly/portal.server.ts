import { accountMigrationRoutes } from "~/account-migration/routes";
import { accountRoutes } from "~/account/routes";
import { announcementReadsSessionPart } from "~/announcements/reads.server";
import { announcementRoutes } from "~/announcements/routes";
import { applicationRoutes } from "~/applications/routes";
import { auditRoutes } from "~/audit/routes";
import { directoryReviewProfilePart } from "~/directory/profile-part.server";
import { directoryRoutes } from "~/directory/routes";
import { documentRoutes } from "~/documents/routes";
import { importRoutes } from "~/imports/routes";
import { integrationRoutes } from "~/integrations/routes";
import { networkRoutes } from "~/network/routes";
import { permissionSetRoutes } from "~/permission-sets/routes";
import { apiClientRoutes } from "~/api-clients/routes";
import { assembleProfileParts } from "~/permissions/profile-parts";
import { assembleRouteTable } from "~/permissions/route-rules";
import { preferenceRoutes } from "~/preferences/routes";
import { securityReviewProfilePart } from "~/security-review/profile-part.server";
import { securityReviewRoutes } from "~/security-review/routes";
import { securityRoleRoutes } from "~/security-roles/routes";
import { shellRoutes } from "~/shell/routes";
import { supportRoutes } from "~/support/routes";
import { userRoutes } from "~/users/routes";

/*
 * What the features contribute to the core, assembled once per process when the server build
 * loads (entry.server.tsx imports this module; vitest's setup and the job runner's process too).
 */

/**
 * The guard table (SPEC §2): every domain's routes, in the order the menus list their links —
 * Documents and Support in the header; then the Admin menu's and the launcher's screens.
 */
export const ROUTE_TABLE = {
  ...shellRoutes,
  ...documentRoutes,
  ...supportRoutes,
  ...announcementRoutes,
  ...userRoutes,
  ...applicationRoutes,
  ...securityRoleRoutes,
  ...permissionSetRoutes,
  ...directoryRoutes,
  ...networkRoutes,
  ...auditRoutes,
  ...importRoutes,
  ...integrationRoutes,
  ...apiClientRoutes,
  ...preferenceRoutes,
  ...accountRoutes,
  ...accountMigrationRoutes,
  ...securityReviewRoutes,
};
assembleRouteTable(ROUTE_TABLE);

/*
 * The features' parts of the session statement and the access profile (ADR 14, 26). Their order
 * is the order of the required actions they raise: the security review asks before the directory
 * reviews.
 */
assembleProfileParts({
  profile: [securityReviewProfilePart, directoryReviewProfilePart],
  session: [announcementReadsSessionPart],
});
