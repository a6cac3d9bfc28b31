import { z } from "zod";
import { apiOperation, dataOf, notFound, refused, languageQuery, type ApiOperation } from "~/api/contract";
import { LOCALES } from "~/i18n/locale";
import { SIGNED_IN } from "~/security/feature-rule";
import { profileFieldSchema } from "./profile-field";
import { emailPreferencesBody, oneFieldBody } from "./schema";

/*
 * The preferences' /api/v2 operations (SPEC §7): the caller's own profile, a change of one of its
 * fields or of the e-mail subscriptions, and the distribution lists offered.
 */

/** The caller's own profile (`ownProfile`). */
const ownProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  phoneMobile: z.string().nullable(),
  phoneSecondary: z.string().nullable(),
  fax: z.string().nullable(),
  listingName: z.string().nullable(),
  preferredLanguage: z.string().meta({ description: `One of ${LOCALES.join(", ")}.` }),
  timeZone: z
    .string()
    .nullable()
    .meta({ description: "An IANA time zone; null: the browser's, else the location's, else UTC." }),
  userType: z.enum(["internal", "external"]),
  role: z.enum(["admin", "regular"]),
  serialNumber: z.string(),
  lastPassportChange: z.iso.datetime().nullable(),
});

/** One of the caller's assigned dealer locations (`assignedLocationsOf`), the preferred one first. */
const assignedLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  regionCode: z.string(),
  preferred: z.boolean(),
});

/** A distribution list offered to the caller (`OfferedList`), in their language (English when not translated). */
const offeredListSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});

const emailPreferencesSchema = z
  .array(z.number().int())
  .meta({ description: "The ids of the distribution lists the caller is subscribed to, ascending." });

const profileFields = profileFieldSchema.options.map((option) => option.shape.field.value);

/** The body PATCH /api/v2/user validates: one of the two schemas its route parses with. */
const ownProfileChangeSchema = z.union([
  emailPreferencesBody,
  oneFieldBody.extend({
    key: oneFieldBody.shape.key.meta({ description: `The field: one of ${profileFields.join(", ")}.` }),
  }),
]);

const profileExample = {
  id: 42,
  firstName: "Ana",
  lastName: "Silva",
  email: "ana.silva@dealer.example",
  jobTitle: "Service manager",
  phoneMobile: "+49 170 1234567",
  phoneSecondary: null,
  fax: null,
  listingName: null,
  preferredLanguage: "de",
  timeZone: "Europe/Berlin",
  userType: "external",
  role: "regular",
  serialNumber: "S-100423",
  lastPassportChange: "2026-01-20T08:15:00.000Z",
};

export const preferencesApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/user",
    operationId: "getOwnProfile",
    tag: "user",
    summary: "The caller's own profile, locations and e-mail subscriptions",
    description: "The caller's own profile, their assigned dealer locations (the preferred first) and subscriptions.",
    rule: SIGNED_IN,
    replies: {
      200: {
        description: "The profile, with `locations` and `emailPreferences`.",
        schema: dataOf(
          ownProfileSchema.extend({
            locations: z.array(assignedLocationSchema),
            emailPreferences: emailPreferencesSchema,
          }),
        ),
        example: {
          data: {
            ...profileExample,
            locations: [
              {
                id: 310,
                name: "Nordstadt Motors",
                brandId: 1,
                brandName: "Brand One",
                regionCode: "EMEA",
                preferred: true,
              },
            ],
            emailPreferences: [2, 5],
          },
        },
      },
      404: notFound("the caller's identity"),
    },
  }),
  apiOperation({
    method: "patch",
    path: "/api/v2/user",
    operationId: "updateOwnProfile",
    tag: "user",
    summary: "Change one field of the caller's profile, or their e-mail subscriptions",
    description:
      "`{ key, value }` changes one field of the caller's own profile (the preferences page's rules); " +
      "`{ emailPreferences: [listIds] }` sets the subscriptions among the lists offered to the caller " +
      "(ids of lists not offered are ignored).",
    rule: SIGNED_IN,
    body: ownProfileChangeSchema,
    bodyExample: { key: "jobTitle", value: "Service manager" },
    replies: {
      200: {
        description:
          "For `emailPreferences`: the subscriptions now. For `{ key, value }`: the profile as saved " +
          "(null should the identity be gone meanwhile).",
        schema: z.union([
          dataOf(z.object({ emailPreferences: emailPreferencesSchema })),
          dataOf(ownProfileSchema.nullable()),
        ]),
        example: { data: profileExample },
      },
      400: refused(
        "The body is neither `{ key, value }` nor `{ emailPreferences }`, or the value does not fit the field (its messages).",
      ),
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/emails/definitions",
    operationId: "listEmailDefinitions",
    tag: "emails",
    summary: "The e-mail distribution lists offered to the caller",
    description:
      "The distribution lists offered to the caller's brands (those without brands are for everyone), in their " +
      "language (or `language`).",
    rule: SIGNED_IN,
    query: languageQuery,
    replies: {
      200: {
        description: "The lists (`data.items`), in their order.",
        schema: dataOf(z.object({ items: z.array(offeredListSchema) })),
        example: {
          data: {
            items: [
              { id: 2, code: "service-news", name: "Service news", description: "Campaigns and service bulletins." },
              { id: 5, code: "parts-offers", name: "Parts offers", description: "Monthly parts promotions." },
            ],
          },
        },
      },
    },
  }),
];
