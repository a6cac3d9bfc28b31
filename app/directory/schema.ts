import { z } from "zod";
import { MAX_TEXT_LENGTH } from "~/limits";

const id = z.coerce
  .number()
  .int("validations.required")
  .positive("validations.required")
  .max(2_147_483_647, "validations.required");

/** SPEC §3 Directory save payload: a location's choices for the roles of one configuration. */
export const directorySaveSchema = z.object({
  directoryDataConfigurationId: id,
  organizationId: id,
  selections: z
    .array(
      z.object({
        directoryDataTypeId: id,
        // 0 is the "Select User" placeholder: dropped before saving.
        identityId: z.coerce
          .number()
          .int("validations.required")
          .min(0, "validations.required")
          .max(2_147_483_647, "validations.required"),
        serialNumber: z.string().max(MAX_TEXT_LENGTH).optional(),
      }),
    )
    .max(50, "validations.selection"),
});
export type DirectorySave = z.infer<typeof directorySaveSchema>;

/**
 * A location panel's edit form (the review modal and the manage-directory screen): save the
 * choices, or — without JavaScript — search people for the roles whose search field has text.
 */
export const directoryFormSchema = z.discriminatedUnion("intent", [
  directorySaveSchema.extend({ intent: z.literal("save") }),
  directorySaveSchema.extend({
    intent: z.literal("search"),
    searches: z.array(z.string().max(MAX_TEXT_LENGTH).optional()).max(50).optional(),
  }),
  z.object({ intent: z.literal("close") }),
]);
export type DirectoryForm = z.infer<typeof directoryFormSchema>;
