import { z } from "zod";
import {
  API_CLIENT_MAX_DAYS,
  API_CLIENT_SUGGESTED_DAYS,
  DAY_MS,
  MAX_RECORD_ID,
  MULTISELECT_OPTIONS_LIMIT,
} from "~/limits";
import { API_CLIENT_SCOPES, opensScim } from "~/permissions/api-client-scopes";
import { calendarDayOf } from "~/validation/calendar-day";

/** The first and last day an API client may expire on, and the one suggested, as `YYYY-MM-DD`, counted from today. */
export function expiryBoundsOf(now: Date): { first: string; last: string; suggested: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
  return { first: day(1), last: day(API_CLIENT_MAX_DAYS), suggested: day(API_CLIENT_SUGGESTED_DAYS) };
}

/** The new API client form (issue #35 §3); the expiry is checked against today on the server too. */
export function apiClientSchema(now: Date) {
  const { first, last } = expiryBoundsOf(now);
  return z
    .object({
      name: z
        .string({ error: "validations.required" })
        .trim()
        .min(1, "validations.required")
        .max(80, "validations.maxLength"),
      scopes: z
        .array(z.enum(API_CLIENT_SCOPES as [string, ...string[]], { error: "validations.notOffered" }), {
          error: "apiClients.scopeRequired",
        })
        .min(1, "apiClients.scopeRequired")
        .max(API_CLIENT_SCOPES.length)
        .transform((values) => [...new Set(values)]),
      locationIds: z
        .array(z.coerce.number().int().min(1).max(MAX_RECORD_ID))
        .max(MULTISELECT_OPTIONS_LIMIT)
        .default([])
        .transform((values) => [...new Set(values)]),
      expiresOn: z
        .string({ error: "validations.required" })
        .refine((value) => calendarDayOf(value) !== null, "validations.date")
        .refine((value) => value >= first && value <= last, "apiClients.expiryRange")
        .transform((value) => calendarDayOf(value)!),
      /** A SCIM connection's role for new users (issue #36): required with the `scim` scope, else ignored. */
      scimRoleId: z.coerce.number().int().min(1).max(MAX_RECORD_ID).optional(),
    })
    .superRefine((value, context) => {
      if (opensScim(value.scopes) && value.scimRoleId === undefined)
        context.addIssue({ code: "custom", path: ["scimRoleId"], message: "apiClients.scimRoleRequired" });
    });
}

export type ApiClientInput = z.infer<ReturnType<typeof apiClientSchema>>;

/** The API client page's actions. */
export const apiClientIntentSchema = z.object({
  intent: z.enum(["rotate", "retirePrevious", "revoke"], { error: "validations.required" }),
});
