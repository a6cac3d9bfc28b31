import { z } from "zod";
import { SUBJECTS, type Subject } from "~/documents/subjects";
import { MAX_TEXT_LENGTH } from "./sign-in";

export const REGION_CODES = ["NA", "EMEA", "APAC"] as const;
export const BRAND_IDS = [1, 2, 3, 4, 5] as const;

/**
 * The upload form's text fields (issue #5 §3), shared by the browser and the action. The file
 * itself is checked on the server (type by name and content, size, count).
 */
export const documentSchema = z.object({
  name: z.string({ error: "validations.required" }).trim().min(1, "validations.required").max(MAX_TEXT_LENGTH, "validations.maxLength"),
  description: z.string().trim().max(MAX_TEXT_LENGTH, "validations.maxLength").optional().default(""),
  subject: z.enum(SUBJECTS, { error: "validations.required" }),
  brandIds: z.array(z.coerce.number().int().min(1).max(5), { error: "validations.selectionBrands" }).min(1, "validations.selectionBrands"),
  regionCodes: z.array(z.enum(REGION_CODES), { error: "validations.selectionRegions" }).min(1, "validations.selectionRegions"),
});

export type DocumentInput = z.infer<typeof documentSchema>;

/** The list's GET filters: an optional subject and search text; anything else is ignored. */
export function documentFilters(params: URLSearchParams): { subject: Subject | null; query: string } {
  const subject = params.get("subject");
  return {
    subject: (SUBJECTS as readonly string[]).includes(subject ?? "") ? (subject as Subject) : null,
    query: (params.get("q") ?? "").trim().slice(0, MAX_TEXT_LENGTH),
  };
}
