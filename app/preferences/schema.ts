import { MAX_RECORD_ID } from "~/limits";
import { z } from "zod";
import { LOCALES } from "~/i18n/locale";

export const returnToField = z.string().max(2048).optional();

export const localeSchema = z.object({
  locale: z.enum(LOCALES, { error: "validations.required" }),
  returnTo: returnToField,
});

export const themeSchema = z.object({
  brandId: z.coerce
    .number({ error: "validations.required" })
    .int()
    .min(1, "validations.required")
    .max(5, "validations.required"),
  returnTo: returnToField,
});

/** PATCH /api/v2/user sets the caller's subscriptions: the ids of the lists offered to them. */
export const emailPreferencesBody = z.object({
  emailPreferences: z.array(z.number().int().positive().max(MAX_RECORD_ID)).max(1000),
});

/** PATCH /api/v2/user changes one field of the caller's own profile: its key and new value (none clears it). */
export const oneFieldBody = z.object({ key: z.string(), value: z.string().nullable().optional() });
