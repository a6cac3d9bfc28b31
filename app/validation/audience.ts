import { z } from "zod";
/**
 * The five brands' ids. Kept here rather than imported from ~/theme/theme so the editors' code
 * does not pull the theme module into a chunk of its own on every page (a unit test keeps the two
 * lists equal).
 */
export const BRAND_IDS = [1, 2, 3, 4, 5] as const;
export const REGION_CODES = ["NA", "EMEA", "APAC"] as const;

/** Who content is for (announcements, documents): at least one brand and one region, with the spec's selection messages. */
export const audienceFields = {
  brandIds: z
    .array(z.coerce.number().int().min(1).max(BRAND_IDS.length), { error: "validations.selectionBrands" })
    .min(1, "validations.selectionBrands"),
  regionCodes: z
    .array(z.enum(REGION_CODES), { error: "validations.selectionRegions" })
    .min(1, "validations.selectionRegions"),
};
