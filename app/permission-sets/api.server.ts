import type { RecordApi } from "~/api/record-api";
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { permissionSetRefusal } from "./refusals";
import { permissionSetRoutes } from "./routes";
import { permissionSetSchema, type PermissionSetInput } from "./schema";
import {
  createPermissionSet,
  deletePermissionSet,
  getPermissionSet,
  listPermissionSets,
  permissionSetListOptionsOf,
  updatePermissionSet,
  type PermissionSetRecord,
  type PermissionSetSaveOutcome,
} from "./permission-sets.server";

/**
 * /api/v2/admin/permission-sets: read like the screens; written with admin:permissionSets:write
 * through the editor's schema and rules (roles the caller may not offer are a 403, issue #30 §3).
 */
export const permissionSetApi: RecordApi<PermissionSetInput, PermissionSetRecord, PermissionSetSaveOutcome> = {
  listAccess: permissionSetRoutes.permissionSets,
  recordAccess: permissionSetRoutes.permissionSetEditor,
  writeRule: PERMISSION_SETS_WRITE,
  schema: permissionSetSchema,
  list: (database, params) => listPermissionSets(database, permissionSetListOptionsOf(params)),
  get: getPermissionSet,
  create: createPermissionSet,
  update: updatePermissionSet,
  remove: deletePermissionSet,
  conflictKey: "adminPermissionSets.conflict",
  refusal: (outcome) =>
    outcome.kind === "missing" || outcome.kind === "conflict" ? null : permissionSetRefusal(outcome),
};
