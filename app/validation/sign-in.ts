import { z } from "zod";

/** Messages are translation keys; their English texts are the spec's (SPEC §5). */
export const MAX_TEXT_LENGTH = 255;

export const signInSchema = z.object({
  email: z
    .string({ error: "validations.required" })
    .trim()
    .min(1, "validations.required")
    .max(MAX_TEXT_LENGTH, "validations.maxLength")
    .pipe(z.email("validations.email")),
  password: z
    .string({ error: "validations.required" })
    .min(1, "validations.required")
    .max(1024, "validations.maxLength"),
});
