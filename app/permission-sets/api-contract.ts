import { z } from "zod";
import { refused, type ApiOperation } from "~/api/contract";
import { listQueryOf, recordApiOperations } from "~/api/record-contract";
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

/** A create's body: the record without what the portal sets (its id and times). */
const { id: _id, createdAt: _created, updatedAt: _stamp, ...bodyExample } = recordExample;

const listQuery = listQueryOf({
  q: "Text contained in the name or the display name.",
  sortBy: "The sort column: name, displayName (the default), required or selectionMode; an unknown one is the default.",
});

const saveRefused = refused(
  "The set was not saved: a body that does not fit the schema (each field's messages), a taken name, an unknown role or an unknown application.",
);
const offerRefused = refused(
  "The caller lacks the features this operation needs, the write came from another site, or the set would offer roles the caller may not offer (issue #30 §3).",
);

export const permissionSetsApiOperations: ApiOperation[] = recordApiOperations({
  path: "/api/v2/admin/permission-sets",
  tag: "permissionSets",
  ids: { one: "PermissionSet", many: "PermissionSets" },
  names: { one: "permission set", many: "permission sets", short: "set" },
  rules: {
    list: permissionSetRoutes.permissionSets.rule,
    record: permissionSetRoutes.permissionSetEditor.rule,
    write: PERMISSION_SETS_WRITE,
  },
  listQuery,
  schema: permissionSetSchema,
  rowSchema: permissionSetRowSchema,
  recordSchema: permissionSetRecordSchema,
  examples: { row: rowExample, record: recordExample, body: bodyExample, stamp: rowExample.updatedAt },
  descriptions: {
    list: "The permission sets list with the screen's parameters (search, sort, page), guarded like the list screen.",
    create: "Creates a set through the editor's schema and rules; 201 with the set.",
    read: "One set with the roles it offers, guarded like its editor.",
    update: "Saves the set with the `updatedAt` it was read with: a stale one is a 409 and changes nothing.",
    delete: "Deletes the set and the choices users made in it.",
  },
  saveRefused,
  grantRefused: offerRefused,
});
