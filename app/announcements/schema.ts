import { z } from "zod";
import { LOCALES } from "~/i18n/locale";
import { PRIORITIES } from "~/announcements/rules";
import { DEFAULT_DISPLAY_LOCATION, MAX_TEXT_LENGTH } from "~/limits";
import { audienceFields } from "~/validation/audience";
import { calendarDayOf } from "~/validation/calendar-day";
import { MULTISELECT_OPTIONS_LIMIT } from "~/limits";
import { checkbox } from "~/validation/checkbox";

const day = z
  .string({ error: "validations.required" })
  .min(1, "validations.required")
  .refine((v) => calendarDayOf(v) !== null, "validations.date");

/** An absolute http(s) URL (the announcement link is required and must be one). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The announcement editor's form (issue #4 §3), shared by the browser and the action. */
export const announcementSchema = z
  .object({
    title: z
      .string({ error: "validations.required" })
      .trim()
      .min(1, "validations.required")
      .max(MAX_TEXT_LENGTH, "validations.maxLength"),
    description: z.string().trim().max(MAX_TEXT_LENGTH, "validations.maxLength").optional().default(""),
    content: z.string().max(20_000, "validations.contentLength").optional().default(""),
    language: z.enum(LOCALES, { error: "validations.required" }),
    displayLocationCode: z
      .string()
      .trim()
      .min(1, "validations.required")
      .max(MAX_TEXT_LENGTH, "validations.maxLength")
      .default("dealer-home"),
    priority: z.enum(PRIORITIES, { error: "validations.required" }),
    linkUrl: z
      .string({ error: "validations.required" })
      .trim()
      .min(1, "validations.required")
      .max(2048, "validations.url")
      .refine(isHttpUrl, "validations.url"),
    startDate: day,
    expirationDate: day,
    roles: z.array(z.string().trim().min(1).max(MAX_TEXT_LENGTH)).max(MULTISELECT_OPTIONS_LIMIT).optional().default([]),
    ...audienceFields,
    requiresAcknowledgement: checkbox,
    updatedAt: z.string().optional(),
  })
  .refine((v) => v.expirationDate > v.startDate, { path: ["expirationDate"], message: "validations.dateOrder" })
  // Acknowledgement is the portal home's (issue #40 §3): elsewhere nobody could give it.
  .refine((v) => !v.requiresAcknowledgement || v.displayLocationCode === DEFAULT_DISPLAY_LOCATION, {
    path: ["requiresAcknowledgement"],
    message: "validations.acknowledgementOnHome",
  });

export type AnnouncementInput = z.infer<typeof announcementSchema>;
