import { z } from "zod";
import { checkbox } from "~/validation/checkbox";
import { MAX_TEXT_LENGTH, MULTISELECT_OPTIONS_LIMIT } from "~/limits";

const text = z.string({ error: "validations.required" }).trim().max(MAX_TEXT_LENGTH, "validations.maxLength");

/** A set's stable key: capitals, digits and underscores, starting with a capital (e.g. WARRANTY_CLAIMS). */
export const PERMISSION_SET_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** The permission set editor's form and the API's body (issue #13 §2). */
export const permissionSetSchema = z.object({
  name: text.min(1, "validations.required").regex(PERMISSION_SET_NAME_PATTERN, "validations.roleName"),
  displayName: text.min(1, "validations.required"),
  required: checkbox,
  selectionMode: z.enum(["single", "multiple"], { error: "validations.required" }),
  /** Empty: a global set. */
  applicationId: z
    .union([z.literal(""), z.coerce.number().int().min(1).max(2_147_483_647)])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
  securityRoles: z
    .array(z.coerce.number().int().min(1).max(2_147_483_647))
    .min(1, "validations.required")
    .max(MULTISELECT_OPTIONS_LIMIT)
    .transform((values) => [...new Set(values)]),
  updatedAt: z.string().optional(),
});

export type PermissionSetInput = z.infer<typeof permissionSetSchema>;
