import { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { isTimeZone } from "~/validation/time-zone";
import { optionalPhone, optionalText, requiredText } from "~/validation/contact-fields";

/**
 * One field of the user's own profile (issue #5 §1, SPEC §7 `PATCH /user` "one field key and
 * value"): contact data and the preferred language. An empty optional field clears it.
 */
export const profileFieldSchema = z.discriminatedUnion("field", [
  z.object({ field: z.literal("jobTitle"), value: requiredText }),
  z.object({ field: z.literal("phoneMobile"), value: optionalPhone }),
  z.object({ field: z.literal("phoneSecondary"), value: optionalPhone }),
  z.object({ field: z.literal("fax"), value: optionalPhone }),
  z.object({ field: z.literal("listingName"), value: optionalText }),
  z.object({ field: z.literal("preferredLanguage"), value: z.enum(LOCALES, { error: "validations.required" }) }),
  // Empty: none of one's own (the browser's zone, else the location's, else UTC).
  z.object({
    field: z.literal("timeZone"),
    value: z
      .string()
      .max(64, "validations.timeZone")
      .refine((value) => isTimeZone(value), "validations.timeZone")
      .optional(),
  }),
]);

export type ProfileFieldInput = z.infer<typeof profileFieldSchema>;
export type ProfileField = ProfileFieldInput["field"];

/** The contact fields, in the order the preferences page shows them. */
export const CONTACT_FIELDS = [
  "jobTitle",
  "phoneMobile",
  "phoneSecondary",
  "fax",
  "listingName",
] as const satisfies readonly ProfileField[];

/** The e-mail subscriptions form: the chosen distribution lists (SPEC §7 `PATCH /user` email preference fields). */
export const subscriptionsSchema = z.object({
  intent: z.literal("subscriptions"),
  lists: z.array(z.coerce.number().int().positive()).max(1000).optional().default([]),
});
