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
import { PERMISSION_SETS_WRITE } from "~/permissions/write-rules";
import { permissionSetRoutes } from "./routes";
import { permissionSetSchema } from "./schema";

/*
 * The /api/v2/admin/permission-sets operations (issue #35): the routes serve the domain's RecordApi
 * (api.server.ts) through routes/api/v2/record-api.server.ts; reads are guarded like the screens,
 * writes need PERMISSION_SETS_WRITE.
 */

/** A permission set as the list gives it: the table's row. */
export const permissionSetRowSchema = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: "The set's stable key (capitals, digits, underscores)." }),
  displayName: z.string(),
  required: z.boolean(),
  selectionMode: z.enum(["single", "multiple"]),
  applicationId: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The application whose users are offered the set; null: a global set." }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime().meta({ description: "The edit stamp: send it back with a PUT." }),
});

/** One set as its editor reads it: the row and the roles it offers. */
export const permissionSetRecordSchema = permissionSetRowSchema.extend({
  securityRoles: z.array(z.number().int()).meta({ description: "The roles it offers (ids), in its order." }),
});

const rowExample = {
  id: 4,
  name: "WARRANTY_CLAIMS",
  displayName: "Warranty claims",
  required: true,
  selectionMode: "single",
  applicationId: 7,
  createdAt: "2024-02-19T10:00:00.000Z",
  updatedAt: "2024-05-27T16:45:12.208Z",
};

const recordExample = { ...rowExample, securityRoles: [12, 15] };

const bodyExample = {
  name: "WARRANTY_CLAIMS",
  displayName: "Warranty claims",
  required: true,
  selectionMode: "single",
  applicationId: 7,
  securityRoles: [12, 15],
};

const listQuery = z.object({
  q: z.string().optional().meta({ description: "Text contained in the name or the display name." }),
  sortBy: z.string().optional().meta({
    description:
      "The sort column: name, displayName (the default), required or selectionMode; an unknown one is the default.",
  }),
  sortType: z.string().optional().meta({ description: "asc or desc (asc unless given)." }),
  page: z.string().optional().meta({ description: "The page, from 1 (a page beyond the last is the last)." }),
  rowsPerPage: z.string().optional().meta({ description: "Rows per page: 10 (the default), 25, 50 or 100." }),
});

const saveRefused = refused(
  "The set was not saved: a body that does not fit the schema (each field's messages), a taken name, an unknown role or an unknown application.",
);
const offerRefused = refused(
  "The caller lacks the features this operation needs, the write came from another site, or the set would offer roles the caller may not offer (issue #30 §3).",
);

export const permissionSetsApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/admin/permission-sets",
    operationId: "listPermissionSets",
    tag: "permissionSets",
    summary: "List permission sets",
    description:
      "The permission sets list with the screen's parameters (search, sort, page), guarded like the list screen.",
    rule: permissionSetRoutes.permissionSets.rule,
    query: listQuery,
    replies: {
      200: {
        description: "A page of permission sets.",
        schema: dataOf(pageOf(permissionSetRowSchema)),
        example: { data: { items: [rowExample], total: 1, page: 1, pageCount: 1 } },
      },
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/permission-sets",
    operationId: "createPermissionSet",
    tag: "permissionSets",
    summary: "Create a permission set",
    description: "Creates a set through the editor's schema and rules; 201 with the set.",
    rule: PERMISSION_SETS_WRITE,
    body: permissionSetSchema,
    bodyExample,
    replies: {
      201: {
        description: "The set, created.",
        schema: dataOf(permissionSetRecordSchema),
        example: { data: recordExample },
      },
      400: saveRefused,
      403: offerRefused,
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/admin/permission-sets/{id}",
    operationId: "getPermissionSet",
    stamped: true,
    tag: "permissionSets",
    summary: "Read a permission set",
    description: "One set with the roles it offers, guarded like its editor.",
    rule: permissionSetRoutes.permissionSetEditor.rule,
    params: idParams,
    replies: {
      200: { description: "The set.", schema: dataOf(permissionSetRecordSchema), example: { data: recordExample } },
      404: notFound("the permission set"),
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/admin/permission-sets/{id}",
    operationId: "updatePermissionSet",
    stamped: true,
    tag: "permissionSets",
    summary: "Update a permission set",
    description: "Saves the set with the `updatedAt` it was read with: a stale one is a 409 and changes nothing.",
    rule: PERMISSION_SETS_WRITE,
    params: idParams,
    body: permissionSetSchema,
    bodyExample: { ...bodyExample, updatedAt: rowExample.updatedAt },
    replies: {
      200: {
        description: "The set, saved.",
        schema: dataOf(permissionSetRecordSchema),
        example: { data: recordExample },
      },
      400: saveRefused,
      403: offerRefused,
      404: notFound("the permission set"),
      409: staleStamp(),
    },
  }),
  apiOperation({
    method: "delete",
    path: "/api/v2/admin/permission-sets/{id}",
    operationId: "deletePermissionSet",
    tag: "permissionSets",
    summary: "Delete a permission set",
    description: "Deletes the set and the choices users made in it.",
    rule: PERMISSION_SETS_WRITE,
    params: idParams,
    replies: {
      204: { description: "The set was deleted." },
      404: notFound("the permission set"),
    },
  }),
];
