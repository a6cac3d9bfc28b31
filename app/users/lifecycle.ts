import { z } from "zod";

/** Why an administrator deactivates a user (issue #14 §5): one of these, never free text. */
export const DEACTIVATION_REASONS = ["leftCompany", "roleChanged", "securityConcern", "inactivity", "other"] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];

/** The deactivate form's and the API's body. */
export const deactivationSchema = z.object({
  reason: z.enum(DEACTIVATION_REASONS, { error: "validations.required" }),
});
