import { z } from "zod";
import { passwordProblem } from "./password-policy";

/**
 * A new password's form field under the one policy (SPEC §5), the first broken rule as its
 * message; `extraProblem` adds a form's own rule (user creation: not the first or last name).
 */
export function newPasswordField(
  names: readonly (string | undefined | null)[],
  extraProblem?: (value: string) => string | null,
) {
  return z
    .string({ error: "validations.required" })
    .max(1024, "validations.maxLength")
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value, names) ?? extraProblem?.(value) ?? null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** The confirmation beside it: required (its equality is the form's refine). */
export const confirmPasswordField = z.string({ error: "validations.required" }).min(1, "validations.required");
