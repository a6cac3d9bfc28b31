import { z } from "zod";
import { refused, type ApiOperation } from "~/api/contract";
import { listQueryOf, recordApiOperations } from "~/api/record-contract";
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

/** A create's body: the record without what the portal sets (its id and times). */
const { id: _id, createdAt: _created, updatedAt: _stamp, ...bodyExample } = recordExample;

const listQuery = listQueryOf({
  q: "Text contained in the name or the display name.",
  sortBy: "The sort column: name, displayName (the default) or updatedAt; an unknown one is the default.",
});

const saveRefused = refused(
  "The role was not saved: a body that does not fit the schema (each field's messages), a taken name, an unknown linked role, or a cycle of parents and children.",
);
const grantRefused = refused(
  "The caller lacks the features this operation needs, the write came from another site, or the role would grant more than the caller may (features not held, portal-wide changes, assignable by the caller's own role; issue #30 §3).",
);

export const securityRolesApiOperations: ApiOperation[] = recordApiOperations({
  path: "/api/v2/admin/security-roles",
  tag: "securityRoles",
  ids: { one: "SecurityRole", many: "SecurityRoles" },
  names: { one: "security role", many: "security roles", short: "role" },
  rules: {
    list: securityRoleRoutes.securityRoles.rule,
    record: securityRoleRoutes.securityRoleEditor.rule,
    write: SECURITY_ROLES_WRITE,
  },
  listQuery,
  schema: securityRoleSchema,
  rowSchema: securityRoleRowSchema,
  recordSchema: securityRoleRecordSchema,
  examples: { row: rowExample, record: recordExample, body: bodyExample, stamp: rowExample.updatedAt },
  descriptions: {
    list: "The roles list with the screen's parameters (search, sort, page), guarded like the list screen.",
    create: "Creates a role through the editor's schema and rules; 201 with the role.",
    read: "One role with its links to other roles, guarded like its editor.",
    update: "Saves the role with the `updatedAt` it was read with: a stale one is a 409 and changes nothing.",
    delete: "Deletes a role no one holds and no permission set offers.",
  },
  saveRefused,
  grantRefused,
  deleteRefusals: {
    409: refused(
      "The role is in use: users hold it or permission sets offer it (the message says how many); nothing changed.",
    ),
  },
});
