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
