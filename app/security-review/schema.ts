import { z } from "zod";
import { ATTESTATION_ROWS_PER_PAGE, MAX_RECORD_ID } from "~/limits";

/** "Disable accounts": the selected users' ids (SPEC §7 PUT …/deactivate `identityIds`). */
export const disableAccountsSchema = z.object({
  identityIds: z
    .array(z.coerce.number().int("validations.required").positive("validations.required").max(MAX_RECORD_ID), {
      error: "validations.selection",
    })
    .min(1, "validations.selection")
    .max(ATTESTATION_ROWS_PER_PAGE, "validations.selection"),
});

/** Ids as repeated fields, or one comma-separated field (the confirmation's hidden field). */
const ids = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
  z.array(z.coerce.number().int().positive().max(MAX_RECORD_ID)).max(ATTESTATION_ROWS_PER_PAGE).default([]),
);

/**
 * The security review page's posts (a plain form, also without JavaScript): "Disable accounts"
 * asks for a confirmation first, the confirmation disables, Proceed needs the accuracy box.
 */
export const securityReviewSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("disable"),
    identityIds: ids,
    groups: z.array(z.coerce.number().int().min(0).max(3)).max(4).default([]),
  }),
  z.object({ intent: z.literal("disableConfirmed"), identityIds: ids }),
  z.object({
    intent: z.literal("proceed"),
    accurate: z.literal("on", { error: "securityReview.accuracyRequired" }),
  }),
]);
export type SecurityReviewPost = z.infer<typeof securityReviewSchema>;
