import { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { optionalPhone, optionalText, requiredEmail, requiredText } from "~/validation/contact-fields";

export const USER_TYPES = ["internal", "external"] as const;
/** SPEC §3 User "role (admin or regular)": shown as administrator or standard. */
export const USER_KINDS = ["admin", "regular"] as const;

/** The contact information tab: every SPEC §3 user field an administrator types. */
export const contactSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: requiredEmail,
  jobTitle: optionalText,
  phoneMobile: optionalPhone,
  phoneSecondary: optionalPhone,
  fax: optionalPhone,
  preferredLanguage: z.enum(LOCALES, { error: "validations.required" }),
  activeDirectoryUsername: optionalText,
  listingName: optionalText,
  userType: z.enum(USER_TYPES, { error: "validations.required" }),
  role: z.enum(USER_KINDS, { error: "validations.required" }),
});
export type DraftContact = z.output<typeof contactSchema>;

/** The contact tab's fields, in the form's order (the review and the rebase go field by field). */
export const CONTACT_FIELDS = Object.keys(contactSchema.shape) as (keyof DraftContact)[];

const ids = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(1000);

/** The locations tab: the chosen locations, the first being the preferred one. */
export const locationsSchema = z.object({
  locations: ids.min(1, "validations.required"),
  /** Moves one of the chosen locations first (without JavaScript the list's own order is the page's). */
  preferred: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The chosen locations in order, the preferred one (when it is among them) first. */
export function locationsInOrder(input: { locations: number[]; preferred?: number }): number[] {
  const unique = [...new Set(input.locations)];
  const preferred = input.preferred;
  return preferred !== undefined && unique.includes(preferred)
    ? [preferred, ...unique.filter((id) => id !== preferred)]
    : unique;
}
/** The roles tab: the chosen roles. */
export const rolesSchema = z.object({ roles: ids.optional().default([]) });
/** The applications tab: the applications flagged "requires assignment" assigned to the user. */
export const applicationsSchema = z.object({ applications: ids.optional().default([]) });
/** The email preferences tab: the distribution lists chosen. */
export const emailsSchema = z.object({ emailLists: ids.optional().default([]) });

/** Combining roles needs at least two (SPEC §5); one role is the other way to start. */
export const COMBINE_MIN_ROLES = 2;

/** The "create from role(s)" form (SPEC §2 /admin/users/copyrole). */
export const fromRolesSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("single"),
    role: z.coerce.number({ error: "validations.required" }).int().positive("validations.required"),
    userType: z.enum(USER_TYPES, { error: "validations.required" }),
    kind: z.enum(USER_KINDS, { error: "validations.required" }),
  }),
  z.object({
    mode: z.literal("combine"),
    roles: ids
      .optional()
      .default([])
      .refine((list) => new Set(list).size >= COMBINE_MIN_ROLES, "validations.combineRoles"),
    userType: z.enum(USER_TYPES, { error: "validations.required" }),
    kind: z.enum(USER_KINDS, { error: "validations.required" }),
  }),
]);

/** How a new user starts (SPEC §2 create flow): from role(s), as a copy of a user, or from scratch. */
export const CREATE_STARTS = ["roles", "copy", "scratch"] as const;

/** The create chooser's form. */
export const createStartSchema = z.object({
  start: z.enum(CREATE_STARTS, { error: "validations.required" }),
  userType: z.enum(USER_TYPES, { error: "validations.required" }),
  kind: z.enum(USER_KINDS, { error: "validations.required" }),
});

/** The user type and kind the chooser passes on to the copy pages (defaults when absent or unknown). */
export function startOf(params: URLSearchParams): { userType: DraftContact["userType"]; role: DraftContact["role"] } {
  const userType = params.get("userType");
  const kind = params.get("kind");
  return {
    userType: userType === "internal" ? "internal" : "external",
    role: kind === "admin" ? "admin" : "regular",
  };
}

/** A new user as the API takes it (issue #14 §6): the contact data, locations (the first preferred) and roles. */
export const userApiSchema = contactSchema.extend({
  locations: ids.min(1, "validations.required"),
  roles: ids.min(1, "validations.required"),
  applications: ids.optional(),
  permissions: z
    .array(z.object({ set: z.number().int().positive().max(2_147_483_647), roles: ids }))
    .max(1000)
    .optional(),
  emailLists: ids.optional(),
});

/** An API change of a user: any of those fields, and the `updatedAt` read (a stale one is refused). */
export const userPatchSchema = userApiSchema.partial().extend({ updatedAt: z.string().max(64).optional() });
