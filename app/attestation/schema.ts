import { z } from "zod";
import { ATTESTATION_ROWS_PER_PAGE } from "~/limits";

/** "Disable accounts": the selected users' ids (SPEC §7 PUT …/deactivate `identityIds`). */
export const disableAccountsSchema = z.object({
  identityIds: z
    .array(z.coerce.number().int("validations.required").positive("validations.required"), {
      error: "validations.selection",
    })
    .min(1, "validations.selection")
    .max(ATTESTATION_ROWS_PER_PAGE, "validations.selection"),
});
