import { z } from "zod";

/** What a report carries: the file's address (a translations file, nothing else) and why, both short. */
export const translationFailureSchema = z.object({
  href: z
    .string()
    .max(200)
    .regex(/^\/(public\/translations\/\w+\/[\w-]+|locales\/[\w-]+(\.[0-9a-f]+)?\.json)$/),
  reason: z.string().max(200),
});

export type TranslationFailure = z.infer<typeof translationFailureSchema>;
