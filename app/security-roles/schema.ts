import { z } from "zod";
import { checkbox } from "~/validation/checkbox";
import { tagList } from "~/validation/tag-list";
import { MAX_TEXT_LENGTH, MULTISELECT_OPTIONS_LIMIT } from "~/limits";
import { GRANTABLE_FEATURES } from "~/permissions/features";

const text = z.string({ error: "validations.required" }).trim().max(MAX_TEXT_LENGTH, "validations.maxLength");

const roleIds = z
  .array(z.coerce.number().int().min(1).max(2_147_483_647))
  .max(MULTISELECT_OPTIONS_LIMIT)
  .optional()
  .default([])
  .transform((values) => [...new Set(values)]);

/**
 * A relation: another role and the relation's name, both or neither. An empty row (the editor's
 * spare one) is dropped; keeping it in place keeps each message on its own row.
 */
const relationRow = z
  .object({
    roleId: z
      .union([
        z.literal(""),
        z.coerce.number({ error: "validations.required" }).int().min(1, "validations.required").max(2_147_483_647),
      ])
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
    name: text.optional(),
  })
  .optional()
  .superRefine((row, ctx) => {
    if (!row) return;
    if (row.roleId !== undefined && !row.name)
      ctx.addIssue({ code: "custom", path: ["name"], message: "validations.required" });
    if (row.name && row.roleId === undefined)
      ctx.addIssue({ code: "custom", path: ["roleId"], message: "validations.required" });
  });

/** A role's stable key: capitals, digits and underscores, starting with a capital (e.g. SERVICE_MANAGER). */
export const ROLE_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** The security role editor's form and the API's body (issue #13 §1), shared by the browser and the server. */
export const securityRoleSchema = z.object({
  name: text.min(1, "validations.required").regex(ROLE_NAME_PATTERN, "validations.roleName"),
  displayName: text.min(1, "validations.required"),
  features: z
    .array(z.enum(GRANTABLE_FEATURES as [string, ...string[]], { error: "validations.feature" }))
    .optional()
    .default([])
    .transform((values) => [...new Set(values)].sort()),
  activities: tagList,
  businessFunctions: tagList,
  expectations: tagList,
  assignableBy: roleIds,
  parents: roleIds,
  children: roleIds,
  relations: z
    .array(relationRow)
    .max(MULTISELECT_OPTIONS_LIMIT)
    .optional()
    .default([])
    .transform((rows) =>
      rows.flatMap((row) => (row?.roleId && row.name ? [{ roleId: row.roleId, name: row.name }] : [])),
    ),
  // The API gives back what it read: no feed id is null there, empty in the form.
  feedId: text
    .nullable()
    .optional()
    .transform((value) => value ?? ""),
  excludeFromFeeds: checkbox,
  excludeFromCopyUser: checkbox,
  updatedAt: z.string().optional(),
});

export type SecurityRoleInput = z.infer<typeof securityRoleSchema>;
