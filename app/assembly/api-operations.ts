import type { ApiOperation } from "~/api/contract";
import { openApiDocument } from "~/api/openapi";
import { apiOwnOperations } from "~/api/api-contract";
import { accountMigrationApiOperations } from "~/account-migration/api-contract";
import { announcementsApiOperations } from "~/announcements/api-contract";
import { applicationsApiOperations } from "~/applications/api-contract";
import { directoryApiOperations } from "~/directory/api-contract";
import { permissionSetsApiOperations } from "~/permission-sets/api-contract";
import { preferencesApiOperations } from "~/preferences/api-contract";
import { securityReviewApiOperations } from "~/security-review/api-contract";
import { securityRolesApiOperations } from "~/security-roles/api-contract";
import { shellApiOperations } from "~/shell/api-contract";
import { usersApiOperations } from "~/users/api-contract";

/** Every /api/v2 operation, as the domains describe them (issue #35): the OpenAPI document's source. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...apiOwnOperations,
  ...shellApiOperations,
  ...preferencesApiOperations,
  ...applicationsApiOperations,
  ...announcementsApiOperations,
  ...accountMigrationApiOperations,
  ...usersApiOperations,
  ...securityRolesApiOperations,
  ...permissionSetsApiOperations,
  ...securityReviewApiOperations,
  ...directoryApiOperations,
];

/** The API's version in the document: the contract's, not the package's. */
export const API_VERSION = "2.0.0";

let built: ReturnType<typeof openApiDocument> | undefined;

/** The portal's OpenAPI 3.1 document (built once per process; the operations do not change while it runs). */
export function portalOpenApiDocument() {
  built ??= openApiDocument(API_OPERATIONS, { version: API_VERSION, serverUrl: "/" });
  return built;
}
