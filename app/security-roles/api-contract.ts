import { z } from "zod";
import {
  apiOperation,
  dataOf,
  idParams,
  notFound,
  pageOf,
  refused,
  staleStamp,
  type ApiOperation,
} from "~/api/contract";
import { F } from "~/permissions/features";
import { SECURITY_ROLES_WRITE } from "~/permissions/write-rules";
import { securityRoleRoutes } from "./routes";
import { securityRoleSchema } from "./schema";

/*
 * The /api/v2/admin/security-roles operations (issue #35): the routes serve the domain's RecordApi
 * (api.server.ts) through routes/api/v2/record-api.server.ts; reads are guarded like the screens,
 * writes need SECURITY_ROLES_WRITE.
 */

/** A role as the list gives it: the table's row. */
export const securityRoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: "The role's stable key (capitals, digits, underscores)." }),
  displayName: z.string(),
  features: z.array(z.string()).meta({ description: "The features the role grants itself (not its children's)." }),
  activities: z.array(z.string()),
  businessFunctions: z.array(z.string()),
  expectations: z.array(z.string()),
  feedId: z.string().nullable(),
  excludeFromFeeds: z.boolean(),
  excludeFromCopyUser: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime().meta({ description: "The edit stamp: send it back with a PUT." }),
});

/** One role as its editor reads it: the row with its links to other roles. */
export const securityRoleRecordSchema = securityRoleRowSchema.extend({
  parents: z.array(z.number().int()).meta({ description: "The roles this one is a child of (ids, ascending)." }),
  children: z.array(z.number().int()).meta({ description: "The child roles (ids, ascending)." }),
  assignableBy: z.array(z.number().int()).meta({ description: "The roles whose holders may assign this one." }),
  relations: z.array(z.object({ roleId: z.number().int(), name: z.string() })),
});

const rowExample = {
  id: 12,
  name: "SERVICE_MANAGER",
  displayName: "Service manager",
  features: [F.documentsView],
  activities: ["Workshop planning"],
  businessFunctions: ["After sales"],
  expectations: ["Reviews warranty claims weekly"],
  feedId: "SVC-MGR",
  excludeFromFeeds: false,
  excludeFromCopyUser: false,
  createdAt: "2024-03-04T08:15:00.000Z",
  updatedAt: "2024-06-11T14:02:37.512Z",
};

const recordExample = { ...rowExample, parents: [3], children: [14], assignableBy: [2], relations: [] };

const bodyExample = {
  name: "SERVICE_MANAGER",
  displayName: "Service manager",
  features: [F.documentsView],
  activities: ["Workshop planning"],
  businessFunctions: ["After sales"],
  expectations: ["Reviews warranty claims weekly"],
  assignableBy: [2],
  parents: [3],
  children: [14],
  relations: [],
  feedId: "SVC-MGR",
  excludeFromFeeds: false,
  excludeFromCopyUser: false,
};

const listQuery = z.object({
  q: z.string().optional().meta({ description: "Text contained in the name or the display name." }),
  sortBy: z.string().optional().meta({
    description: "The sort column: name, displayName (the default) or updatedAt; an unknown one is the default.",
  }),
  sortType: z.string().optional().meta({ description: "asc or desc (asc unless given)." }),
  page: z.string().optional().meta({ description: "The page, from 1 (a page beyond the last is the last)." }),
  rowsPerPage: z.string().optional().meta({ description: "Rows per page: 10 (the default), 25, 50 or 100." }),
});

const saveRefused = refused(
  "The role was not saved: a body that does not fit the schema (each field's messages), a taken name, an unknown linked role, or a cycle of parents and children.",
);
const grantRefused = refused(
  "The caller lacks the features this operation needs, the write came from another site, or the role would grant more than the caller may (features not held, portal-wide changes, assignable by the caller's own role; issue #30 §3).",
);

export const securityRolesApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/admin/security-roles",
    operationId: "listSecurityRoles",
    tag: "securityRoles",
    summary: "List security roles",
    description: "The roles list with the screen's parameters (search, sort, page), guarded like the list screen.",
    rule: securityRoleRoutes.securityRoles.rule,
    query: listQuery,
    replies: {
      200: {
        description: "A page of roles.",
        schema: dataOf(pageOf(securityRoleRowSchema)),
        example: { data: { items: [rowExample], total: 1, page: 1, pageCount: 1 } },
      },
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/security-roles",
    operationId: "createSecurityRole",
    tag: "securityRoles",
    summary: "Create a security role",
    description: "Creates a role through the editor's schema and rules; 201 with the role.",
    rule: SECURITY_ROLES_WRITE,
    body: securityRoleSchema,
    bodyExample,
    replies: {
      201: {
        description: "The role, created.",
        schema: dataOf(securityRoleRecordSchema),
        example: { data: recordExample },
      },
      400: saveRefused,
      403: grantRefused,
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/admin/security-roles/{id}",
    operationId: "getSecurityRole",
    stamped: true,
    tag: "securityRoles",
    summary: "Read a security role",
    description: "One role with its links to other roles, guarded like its editor.",
    rule: securityRoleRoutes.securityRoleEditor.rule,
    params: idParams,
    replies: {
      200: { description: "The role.", schema: dataOf(securityRoleRecordSchema), example: { data: recordExample } },
      404: notFound("the role"),
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/admin/security-roles/{id}",
    operationId: "updateSecurityRole",
    stamped: true,
    tag: "securityRoles",
    summary: "Update a security role",
    description: "Saves the role with the `updatedAt` it was read with: a stale one is a 409 and changes nothing.",
    rule: SECURITY_ROLES_WRITE,
    params: idParams,
    body: securityRoleSchema,
    bodyExample: { ...bodyExample, updatedAt: rowExample.updatedAt },
    replies: {
      200: {
        description: "The role, saved.",
        schema: dataOf(securityRoleRecordSchema),
        example: { data: recordExample },
      },
      400: saveRefused,
      403: grantRefused,
      404: notFound("the role"),
      409: staleStamp(),
    },
  }),
  apiOperation({
    method: "delete",
    path: "/api/v2/admin/security-roles/{id}",
    operationId: "deleteSecurityRole",
    tag: "securityRoles",
    summary: "Delete a security role",
    description: "Deletes a role no one holds and no permission set offers.",
    rule: SECURITY_ROLES_WRITE,
    params: idParams,
    replies: {
      204: { description: "The role was deleted." },
      404: notFound("the role"),
      409: refused(
        "The role is in use: users hold it or permission sets offer it (the message says how many); nothing changed.",
      ),
    },
  }),
];
