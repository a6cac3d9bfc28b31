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

/** The confirmation beside it: required (its equality is the form's refine, `confirmationMatches`). */
export const confirmPasswordField = z.string({ error: "validations.required" }).min(1, "validations.required");

/**
 * The form's refine that the confirmation equals the new password (named `passwordKey`), on the
 * confirmation. It runs whenever both are filled, whatever the form's other fields hold: an
 * object's refine otherwise waits for every field to be valid, so the message would show only once
 * another field was left, not when the confirmation itself is (SPEC §5, first error after touch).
 */
export function confirmationMatches<K extends string>(passwordKey: K) {
  const filled = (value: unknown) => typeof value === "string" && value.length > 0;
  const check = (values: { [key in K | "confirmPassword"]: string }) => values.confirmPassword === values[passwordKey];
  const params: z.core.$ZodCustomParams = {
    path: ["confirmPassword"],
    message: "validations.equalTo",
    when: ({ value }) => {
      const values = (value ?? {}) as Record<string, unknown>;
      return filled(values[passwordKey]) && filled(values.confirmPassword);
    },
  };
  return [check, params] as const;
}
