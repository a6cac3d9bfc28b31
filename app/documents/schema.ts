import { z } from "zod";
import { SUBJECTS, type Subject } from "~/documents/subjects";
import { MAX_TEXT_LENGTH } from "~/limits";

import { audienceFields } from "~/validation/audience";

/**
 * The upload form's text fields (issue #5 §3), shared by the browser and the action. The file
 * itself is checked on the server (type by name and content, size, count).
 */
export const documentSchema = z.object({
  name: z
    .string({ error: "validations.required" })
    .trim()
    .min(1, "validations.required")
    .max(MAX_TEXT_LENGTH, "validations.maxLength"),
  description: z.string().trim().max(MAX_TEXT_LENGTH, "validations.maxLength").optional().default(""),
  subject: z.enum(SUBJECTS, { error: "validations.required" }),
  ...audienceFields,
});

export type DocumentInput = z.infer<typeof documentSchema>;

/** The "edit details" form: the same fields, the document's id and the stamp it was read with. */
export const documentDetailsSchema = documentSchema.extend({
  intent: z.literal("edit"),
  id: z.coerce.number().int().positive(),
  updatedAt: z.string().min(1),
});

/** The list's GET filters: an optional subject and search text; anything else is ignored. */
export function documentFilters(params: URLSearchParams): { subject: Subject | null; query: string } {
  const subject = params.get("subject");
  return {
    subject: (SUBJECTS as readonly string[]).includes(subject ?? "") ? (subject as Subject) : null,
    query: (params.get("q") ?? "").trim().slice(0, MAX_TEXT_LENGTH),
  };
}
