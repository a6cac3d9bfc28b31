import { z } from "zod";

/** A checkbox of a form ("on" when ticked, absent when not) or a JSON boolean of the API: a boolean. */
export const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");
