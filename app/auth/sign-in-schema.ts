import { MAX_TEXT_LENGTH } from "~/limits";
import { z } from "zod";

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
