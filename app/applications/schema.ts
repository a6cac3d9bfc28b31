import { z } from "zod";
import { checkbox } from "~/validation/checkbox";
import { tagList } from "~/validation/tag-list";
import { parseCustomRules } from "~/applications/custom-rule";
import { MAX_TEXT_LENGTH } from "~/limits";
import { LOCALES } from "~/i18n/locale";

const text = (required: boolean) => {
  const base = z.string({ error: "validations.required" }).trim().max(MAX_TEXT_LENGTH, "validations.maxLength");
  return required ? base.min(1, "validations.required") : base.optional().default("");
};

/** An absolute http(s) URL, or an in-app path such as /documents. */
export function isApplicationLink(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The languages an application's display name and description are translated into (English is the record's own). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== "en");

const optionalText = z.string().trim().max(MAX_TEXT_LENGTH, "validations.maxLength").optional();

/** Per language, an optional display name and description; an empty one falls back to English. */
const translationsField = z
  .object(
    Object.fromEntries(
      TRANSLATED_LOCALES.map((locale) => [
        locale,
        z.object({ displayName: optionalText, description: optionalText }).optional(),
      ]),
    ) as Record<
      (typeof TRANSLATED_LOCALES)[number],
      z.ZodOptional<z.ZodObject<{ displayName: typeof optionalText; description: typeof optionalText }>>
    >,
  )
  .optional()
  .default({});

/** The application editor's form (issue #3 §3), shared by the browser and the action. */
export const applicationSchema = z.object({
  name: text(true),
  displayName: text(true),
  description: text(false),
  link: text(true).refine(isApplicationLink, "validations.url"),
  regionCode: z.enum(["NA", "EMEA", "APAC"], { error: "validations.required" }),
  brandId: z.coerce
    .number({ error: "validations.required" })
    .int()
    .min(1, "validations.required")
    .max(5, "validations.required"),
  categories: tagList,
  contractCodes: tagList,
  contractTypes: tagList,
  organizationTypes: tagList,
  primaryTasks: tagList,
  typicalUsers: tagList,
  webRoles: tagList,
  customRules: z
    .string()
    .max(10_000, "validations.customRules")
    .optional()
    .default("")
    .refine((value) => parseCustomRules(value).ok, "validations.customRules"),
  requiresAssignment: checkbox,
  translations: translationsField,
  updatedAt: z.string().optional(),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;

export const APPLICATION_LIST_FIELDS = [
  "categories",
  "contractCodes",
  "contractTypes",
  "organizationTypes",
  "primaryTasks",
  "typicalUsers",
  "webRoles",
] as const;

export const moveSchema = z.object({
  intent: z.literal("move"),
  id: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down", "top"]),
  q: z.string().max(255).optional(),
});
