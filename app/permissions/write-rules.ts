import { F } from "./features";
import type { FeatureRule } from "../security/feature-rule";

/** Who may save and delete, beyond seeing the screen (the route table's rule is read-or-write). */
export const ANNOUNCEMENTS_WRITE: FeatureRule = { all: [F.announcementsWrite] };
export const APPLICATIONS_WRITE: FeatureRule = { all: [F.applicationsWrite] };
/** Upload, replace and delete library documents (issue #5 §3). */
export const DOCUMENTS_WRITE: FeatureRule = { all: [F.documentsWrite] };
export const SECURITY_ROLES_WRITE: FeatureRule = { all: [F.securityRolesWrite] };
export const PERMISSION_SETS_WRITE: FeatureRule = { all: [F.permissionSetsWrite] };
/** Activate, deactivate, create and delete users (admin:users:edit edits but does none of these). */
export const USERS_LIFECYCLE: FeatureRule = { all: [F.usersWrite] };
/** Edit a user's data and resend their verification e-mail: admin:users:edit or admin:users:write. */
export const USERS_EDIT: FeatureRule = { any: [F.usersWrite, F.usersEdit] };
