import { z } from "zod";
import { MAX_TEXT_LENGTH, MULTISELECT_OPTIONS_LIMIT } from "~/limits";

/** A multiselect of free texts (tags): each trimmed and bounded, at most the options limit, no repeats. */
export const tagList = z
  .array(z.string().trim().min(1).max(MAX_TEXT_LENGTH, "validations.maxLength"))
  .max(MULTISELECT_OPTIONS_LIMIT)
  .optional()
  .default([])
  .transform((values) => [...new Set(values)]);
