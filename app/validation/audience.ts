import { z } from "zod";
import { BRAND_IDS } from "~/theme/theme";

export { BRAND_IDS };
export const REGION_CODES = ["NA", "EMEA", "APAC"] as const;

/** Who content is for (announcements, documents): at least one brand and one region, with the spec's selection messages. */
export const audienceFields = {
  brandIds: z.array(z.coerce.number().int().min(1).max(BRAND_IDS.length), { error: "validations.selectionBrands" }).min(1, "validations.selectionBrands"),
  regionCodes: z.array(z.enum(REGION_CODES), { error: "validations.selectionRegions" }).min(1, "validations.selectionRegions"),
};
