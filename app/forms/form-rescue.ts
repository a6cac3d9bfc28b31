import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FORM_KEY_FIELD } from "~/security/form-key";

/** Fields a rescue never keeps: secrets, and the one-time key (the form shown again has a new one). */
const NEVER_KEPT = /password|secret|token|answer/i;

/** A rescue holds at most this many fields and characters (the form's own limits already bound a post). */
export const RESCUE_MAX_FIELDS = 2_000;
export const RESCUE_MAX_CHARACTERS = 1_000_000;

export type RescuedFields = [string, string][];

/**
 * What of a post is kept when it meets an ended session (issue #34): its text fields in order,
 * without files, secrets or the one-time key; nothing when it is beyond the bounds.
 */
export function rescuableFields(form: Iterable<[string, FormDataEntryValue]>): RescuedFields {
  const kept: RescuedFields = [];
  let characters = 0;
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === FORM_KEY_FIELD || NEVER_KEPT.test(name)) continue;
    characters += name.length + value.length;
    kept.push([name, value]);
    if (kept.length > RESCUE_MAX_FIELDS || characters > RESCUE_MAX_CHARACTERS) return [];
  }
  return kept;
}

/** The rescued fields as a form again, for the editor's parser to fill its fields from. */
export function rescuedForm(fields: RescuedFields): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

/**
 * Kept fields (a rescued post, a typing draft) as the form's values, in the shape its schema
 * reads, and the edit stamp they were typed against.
 */
export function keptValues(
  fields: RescuedFields,
  schema: z.ZodTypeAny,
): { values: Record<string, unknown>; stamp: string | undefined } {
  const { payload } = parseWithZod(rescuedForm(fields), { schema });
  return { values: payload, stamp: fields.find(([name]) => name === "updatedAt")?.[1] };
}
