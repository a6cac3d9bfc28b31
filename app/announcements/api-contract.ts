import { z } from "zod";
import { PROBLEM_CONTENT_TYPE } from "~/api/problems";
import {
  apiErrorSchema,
  apiOperation,
  dataOf,
  idParams,
  notFound,
  pageOf,
  refused,
  staleStamp,
  languageQuery,
  type ApiOperation,
} from "~/api/contract";
import { LOCALES } from "~/i18n/locale";
import { ANNOUNCEMENTS_WRITE } from "~/permissions/write-rules";
import { SIGNED_IN } from "~/security/feature-rule";
import { announcementRoutes } from "./routes";
import { PRIORITIES } from "./rules";
import { announcementSchema } from "./schema";

/*
 * The announcements' /api/v2 operations (SPEC §7): the management list and records, their
 * definitions, and the signed-in user's notifications.
 */

/** An announcement as the API answers it (`announcementRecord`): dates as days, the stamp for a later save. */
const announcementRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().meta({ description: "Shown to internal users only; empty when none." }),
  content: z.string().meta({ description: "Sanitised HTML." }),
  language: z.string().meta({ description: `The announcement's language, one of ${LOCALES.join(", ")}.` }),
  displayLocationCode: z.string(),
  priority: z.enum(PRIORITIES),
  linkUrl: z.string(),
  startDate: z.string().meta({ description: "The first day it shows, `YYYY-MM-DD` (UTC)." }),
  expirationDate: z.string().meta({ description: "The day it no longer shows, `YYYY-MM-DD` (UTC)." }),
  roles: z.array(z.string()),
  brandIds: z.array(z.number().int()),
  regionCodes: z.array(z.string()),
  requiresAcknowledgement: z.boolean().meta({
    description: 'Each targeted user confirms "I have read this"; until then it heads their feed.',
  }),
  updatedAt: z.iso.datetime().meta({ description: "The record's stamp: send it back with an update." }),
});

/** A notification of the user's feed (`NotificationItem`): the feed item, its read state and its brands by name. */
const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z
    .string()
    .nullable()
    .meta({ description: "For internal users only; null for external users and when it is empty." }),
  content: z.string().meta({ description: "Sanitised HTML." }),
  priority: z.enum(PRIORITIES),
  linkUrl: z.string(),
  startDate: z.iso.datetime(),
  read: z.boolean(),
  requiresAcknowledgement: z.boolean(),
  acknowledged: z.boolean().meta({ description: "Whether the user confirmed it; false when none is asked." }),
  brands: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .meta({ description: "The announcement's brands that are the user's." }),
});

const recordExample = {
  id: 17,
  title: "Spring service campaign",
  description: "Internal: coordinate with the regional service managers.",
  content: "<p>The spring service campaign starts on 1 April.</p>",
  language: "en",
  displayLocationCode: "dealer-home",
  priority: "medium",
  linkUrl: "https://portal.example/campaigns/spring",
  startDate: "2026-04-01",
  expirationDate: "2026-05-01",
  roles: [],
  brandIds: [1, 2],
  regionCodes: ["EMEA", "NA"],
  requiresAcknowledgement: false,
  updatedAt: "2026-03-12T09:41:07.512Z",
};

const { id: _id, updatedAt: _stamp, ...bodyExample } = recordExample;

const brandsRefused = refused(
  "The body does not fit the editor's schema (each field's messages), or it names brands not the caller's (on `brandIds`).",
);

export const announcementsApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/announcements",
    operationId: "listAnnouncements",
    tag: "announcements",
    summary: "A page of the management list of announcements",
    description:
      "The announcements listed to the caller (one of their brands), with the management screen's search, " +
      "date range, sort and page. On a failure the list is empty, with status 503.",
    rule: announcementRoutes.announcements.rule,
    query: z.object({
      q: z.string().optional().meta({ description: "Text contained in the title or the description." }),
      range: z
        .string()
        .optional()
        .meta({
          description:
            "The date range: `last` or `next` (with `days`), or `custom` (with `from` and `to`); none by default. " +
            "An announcement matches when its window overlaps the range.",
        }),
      days: z.string().optional().meta({
        description:
          "With `range=last|next`: the number of days, 1–3650 (default 30); not a whole number filters nothing.",
      }),
      from: z.string().optional().meta({ description: "With `range=custom`: the first day, `YYYY-MM-DD`." }),
      to: z.string().optional().meta({ description: "With `range=custom`: the last day (included), `YYYY-MM-DD`." }),
      sortBy: z.string().optional().meta({
        description: "The column: title, language, priority, startDate or expirationDate (default startDate).",
      }),
      sortType: z.string().optional().meta({
        description: "asc or desc (default desc without `sortBy`, asc with one).",
      }),
      page: z.string().optional().meta({ description: "The page, from 1 (default 1)." }),
      rowsPerPage: z.string().optional().meta({ description: "Rows per page: 10, 25, 50 or 100 (default 10)." }),
    }),
    replies: {
      200: {
        description: "The page of announcements.",
        schema: dataOf(pageOf(announcementRecordSchema)),
        example: { data: { items: [recordExample], total: 1, page: 1, pageCount: 1 } },
      },
      503: {
        description: "The list could not be loaded: the problem, and an empty page in `data`.",
        schema: apiErrorSchema.extend({ data: pageOf(announcementRecordSchema) }),
        mediaType: PROBLEM_CONTENT_TYPE,
        example: {
          type: "/api/docs#problem-unavailable",
          title: "Temporarily unavailable",
          status: 503,
          detail: "Announcements could not be loaded",
          error: { message: "Announcements could not be loaded" },
          data: { items: [], total: 0, page: 1, pageCount: 1 },
        },
      },
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/announcements",
    operationId: "createAnnouncement",
    tag: "announcements",
    summary: "Create an announcement",
    description:
      "Creates an announcement through the editor's schema; brands not all the caller's are refused (400 on `brandIds`).",
    rule: ANNOUNCEMENTS_WRITE,
    body: announcementSchema,
    bodyExample,
    replies: {
      201: {
        description: "The announcement created.",
        schema: dataOf(announcementRecordSchema),
        example: { data: recordExample },
      },
      400: brandsRefused,
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/announcements/{id}",
    operationId: "getAnnouncement",
    stamped: true,
    tag: "announcements",
    summary: "One announcement",
    description: "One announcement, guarded like the editor (404 when none of its brands is the caller's).",
    rule: announcementRoutes.announcementEditor.rule,
    params: idParams,
    replies: {
      200: {
        description: "The announcement.",
        schema: dataOf(announcementRecordSchema),
        example: { data: recordExample },
      },
      404: notFound("the announcement"),
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/announcements/{id}",
    operationId: "updateAnnouncement",
    stamped: true,
    tag: "announcements",
    summary: "Update an announcement",
    description:
      "Updates an announcement whose brands are all the caller's (otherwise 404). The body carries the " +
      "`updatedAt` it was read with: a stale one gives 409 and changes nothing. Brands not the caller's in " +
      "the body are refused (400 on `brandIds`).",
    rule: ANNOUNCEMENTS_WRITE,
    params: idParams,
    body: announcementSchema,
    bodyExample: { ...bodyExample, updatedAt: "2026-03-12T09:41:07.512Z" },
    replies: {
      200: {
        description: "The announcement as saved.",
        schema: dataOf(announcementRecordSchema),
        example: { data: { ...recordExample, updatedAt: "2026-03-14T15:02:44.118Z" } },
      },
      400: brandsRefused,
      404: notFound("the announcement"),
      409: staleStamp(),
    },
  }),
  apiOperation({
    method: "delete",
    path: "/api/v2/announcements/{id}",
    operationId: "deleteAnnouncement",
    tag: "announcements",
    summary: "Delete an announcement",
    description: "Deletes an announcement whose brands are all the caller's (otherwise 404).",
    rule: ANNOUNCEMENTS_WRITE,
    params: idParams,
    replies: {
      204: { description: "The announcement is deleted." },
      404: notFound("the announcement"),
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/announcements/collection/{ids}",
    operationId: "listAnnouncementsByIds",
    tag: "announcements",
    summary: "The announcements of the given ids",
    description:
      "The announcements of comma-separated ids the caller sees, in the order asked; unknown ids and those " +
      "not listed to the caller are left out.",
    rule: announcementRoutes.announcementEditor.rule,
    params: z.object({
      ids: z.string().meta({ description: "1 to 100 comma-separated record ids, e.g. `17,23`." }),
    }),
    replies: {
      200: {
        description: "The announcements found (`data.items`).",
        schema: dataOf(z.object({ items: z.array(announcementRecordSchema) })),
        example: { data: { items: [recordExample] } },
      },
      400: refused("The ids are not 1 to 100 comma-separated positive integers."),
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/announcements/definitions",
    operationId: "getAnnouncementDefinitions",
    tag: "announcements",
    summary: "The values an announcement may hold",
    description:
      "Priorities, languages, display locations (those in use and the default), brands, regions and the roles " +
      "in use on users and announcements.",
    rule: announcementRoutes.announcementEditor.rule,
    replies: {
      200: {
        description: "The definitions.",
        schema: dataOf(
          z.object({
            priorities: z.array(z.enum(PRIORITIES)),
            languages: z.array(z.enum(LOCALES)),
            displayLocationCodes: z.array(z.string()),
            brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
            regions: z.array(z.object({ code: z.string(), name: z.string() })),
            roles: z.array(z.string()),
          }),
        ),
        example: {
          data: {
            priorities: [...PRIORITIES],
            languages: [...LOCALES],
            displayLocationCodes: ["dealer-home", "service-desk"],
            brands: [
              { id: 1, name: "Brand One" },
              { id: 2, name: "Brand Two" },
            ],
            regions: [
              { code: "APAC", name: "Asia Pacific" },
              { code: "EMEA", name: "Europe, Middle East and Africa" },
              { code: "NA", name: "North America" },
            ],
            roles: ["dealer-principal", "service-manager"],
          },
        },
      },
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/user/notifications",
    operationId: "listUserNotifications",
    tag: "user",
    summary: "The caller's notifications at a display location",
    description:
      "The announcements the caller sees now at a display location, narrowed to the requested brands and " +
      "regions, each with its read state, in the caller's language (or `language`).",
    rule: SIGNED_IN,
    query: languageQuery.extend({
      displayLocationCode: z.string().optional().meta({ description: "The display location (default dealer-home)." }),
      brands: z.string().optional().meta({ description: "Comma-separated brand ids to narrow to; none: every brand." }),
      regionCode: z
        .string()
        .optional()
        .meta({ description: "Comma-separated region codes to narrow to; none: every region." }),
    }),
    replies: {
      200: {
        description: "The notifications (`data.items`), in feed order.",
        schema: dataOf(z.object({ items: z.array(notificationSchema) })),
        example: {
          data: {
            items: [
              {
                id: 17,
                title: "Spring service campaign",
                description: null,
                content: "<p>The spring service campaign starts on 1 April.</p>",
                priority: "medium",
                linkUrl: "https://portal.example/campaigns/spring",
                startDate: "2026-04-01T00:00:00.000Z",
                read: false,
                requiresAcknowledgement: false,
                acknowledged: false,
                brands: [{ id: 1, name: "Brand One" }],
              },
            ],
          },
        },
      },
    },
  }),
];
