import { z } from "zod";
import { confirmationMatches, confirmPasswordField, newPasswordField } from "~/validation/new-password";

/** The account page's change-password form (issue #5 §2), shared by the browser and the action. */
export function changePasswordSchema(names: readonly (string | undefined | null)[]) {
  return z
    .object({
      intent: z.literal("changePassword"),
      currentPassword: z
        .string({ error: "validations.required" })
        .min(1, "validations.required")
        .max(1024, "validations.maxLength"),
      newPassword: newPasswordField(names),
      confirmPassword: confirmPasswordField,
    })
    .refine(...confirmationMatches("newPassword"));
}

/** Ending one other session (by its public handle) or all others. */
export const endSessionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("endSession"), handle: z.string().regex(/^[0-9a-f]{16}$/) }),
  z.object({ intent: z.literal("endOtherSessions") }),
]);
