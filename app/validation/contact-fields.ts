import { z } from "zod";
import { MAX_TEXT_LENGTH } from "~/limits";
import { isPhoneNumber } from "./phone";

/** A required text of at most 255 characters (SPEC §5), trimmed. */
export const requiredText = z
  .string({ error: "validations.required" })
  .trim()
  .min(1, "validations.required")
  .max(MAX_TEXT_LENGTH, "validations.maxLength");

/** An optional text of at most 255 characters, trimmed. */
export const optionalText = z.string().trim().max(MAX_TEXT_LENGTH, "validations.maxLength").optional();

/** An optional phone number (SPEC §5 "Value is not a valid phone number"). */
export const optionalPhone = z
  .string()
  .trim()
  .max(MAX_TEXT_LENGTH, "validations.maxLength")
  .refine(isPhoneNumber, "validations.phone")
  .optional();

/** A required e-mail address (SPEC §5 "Value is not a valid email address"). */
export const requiredEmail = requiredText.pipe(z.email("validations.email"));
