import type { RecordApi } from "~/api/record-api";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import { securityRoleDeleteRefusal, securityRoleRefusal } from "./refusals";
import { securityRoleRoutes } from "./routes";
import { securityRoleSchema, type SecurityRoleInput } from "./schema";
import {
  createSecurityRole,
  deleteSecurityRole,
  getSecurityRole,
  listSecurityRoles,
  securityRoleListOptionsOf,
  updateSecurityRole,
  type SecurityRoleDeleteOutcome,
  type SecurityRoleRecord,
  type SecurityRoleSaveOutcome,
} from "./security-roles.server";

/**
 * /api/v2/admin/security-roles: read like the screens; written with admin:securityRoles:write
 * through the editor's schema and rules (granting more than the caller may is a 403, issue #30 §3;
 * deleting a role still held or offered is a 409).
 */
export const securityRoleApi: RecordApi<
  SecurityRoleInput,
  SecurityRoleRecord,
  SecurityRoleSaveOutcome | Exclude<SecurityRoleDeleteOutcome, { kind: "deleted" }>
> = {
  listAccess: securityRoleRoutes.securityRoles,
  recordAccess: securityRoleRoutes.securityRoleEditor,
  writeRule: SECURITY_ROLES_WRITE,
  schema: securityRoleSchema,
  list: (database, params) => listSecurityRoles(database, securityRoleListOptionsOf(params)),
  get: getSecurityRole,
  create: createSecurityRole,
  update: updateSecurityRole,
  remove: deleteSecurityRole,
  conflictKey: "adminSecurityRoles.conflict",
  refusal: (outcome) =>
    outcome.kind === "inUse"
      ? securityRoleDeleteRefusal(outcome)
      : outcome.kind === "missing" || outcome.kind === "conflict"
        ? null
        : securityRoleRefusal(outcome),
};
