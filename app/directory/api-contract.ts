import { z } from "zod";
import { apiOperation, dataOf, notFound, refused, type ApiOperation } from "~/api/contract";
import { MAX_TEXT_LENGTH, PERSON_SEARCH_LIMIT } from "~/limits";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { DIRECTORY_CONTEXTS } from "./contexts";
import { directorySaveSchema } from "./schema";

/*
 * The dealer directory's /api/v2 operations (SPEC §7): the caller's locations with their roles,
 * searching people for a role, saving a location's choices and marking the review done.
 */

const contextParams = z.object({
  context: z.enum(DIRECTORY_CONTEXTS).meta({
    description: `The directory, one of ${DIRECTORY_CONTEXTS.join(", ")} (the primary contacts per business area, the singular permissions); any other value is 404.`,
  }),
});

/** The person assigned to a role at a location (SPEC §3 Item.identity), also a search's hit. */
export const directoryPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  serialNumber: z.string(),
});

/** A role of a directory configuration, with the person assigned at the location, if any. */
const directoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().meta({ description: "Sanitised HTML." }),
  required: z.boolean(),
  identity: directoryPersonSchema
    .nullable()
    .meta({ description: "The person assigned at this location; null when none." }),
});

/** SPEC §3 Directory location: one configuration, the context's of the location's brand, its roles in order. */
export const directoryLocationSchema = z.object({
  id: z.number().int(),
  locationName: z.string(),
  configurations: z.array(z.object({ id: z.number().int(), items: z.array(directoryItemSchema) })),
});

const person = {
  id: 42,
  firstName: "Ana",
  lastName: "Silva",
  email: "ana.silva@dealer.example",
  serialNumber: "S-100423",
};

export const directoryApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/admin/directory-data/{context}",
    operationId: "listDirectoryLocations",
    tag: "directory",
    summary: "The caller's locations with the directory's roles",
    description:
      "The caller's dealer locations of the given brands, each with the context's configuration of its brand: " +
      "its roles in order, each with the person assigned there. A location whose brand has no configuration of " +
      "the context is left out.",
    rule: USERS_LIFECYCLE,
    params: contextParams,
    query: z.object({
      brandIds: z.string().optional().meta({
        description: "The brands: a comma-separated list of up to 5 brand ids, each 1–5 (default 1); otherwise 400.",
      }),
    }),
    replies: {
      200: {
        description: "The locations (`items`, not wrapped in `data`), by location name.",
        schema: z.object({ items: z.array(directoryLocationSchema) }),
        example: {
          items: [
            {
              id: 310,
              locationName: "Northside Motors",
              configurations: [
                {
                  id: 4,
                  items: [
                    {
                      id: 21,
                      name: "SALES_MANAGER",
                      displayName: "Sales manager",
                      description: "<p>The primary contact for sales.</p>",
                      required: true,
                      identity: person,
                    },
                    {
                      id: 22,
                      name: "SERVICE_MANAGER",
                      displayName: "Service manager",
                      description: "",
                      required: false,
                      identity: null,
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
      400: refused(
        "The request is malformed: its address does not decode, or `brandIds` is not a list of brand ids 1–5.",
      ),
      404: notFound("the directory context"),
    },
  }),
  apiOperation({
    method: "get",
    path: "/api/v2/admin/directory-data/{context}/identities-search",
    operationId: "searchDirectoryIdentities",
    tag: "directory",
    summary: "Search the people who may hold a role at a location",
    description:
      "Active users of one of the caller's locations whose name or e-mail contains the text, by their label " +
      `("first last - email"), at most ${PERSON_SEARCH_LIMIT}. No text, or a location not the caller's, finds none.`,
    rule: USERS_LIFECYCLE,
    params: contextParams,
    query: z.object({
      orgId: z
        .string()
        .regex(/^\d{1,9}$/)
        .meta({ description: "The location's id (required; otherwise 400)." }),
      text: z
        .string()
        .optional()
        .meta({ description: `The text to look for (cut at ${MAX_TEXT_LENGTH} characters); none finds nobody.` }),
      limit: z
        .string()
        .optional()
        .meta({
          description: `How many people at most, 1–${PERSON_SEARCH_LIMIT} (default and maximum ${PERSON_SEARCH_LIMIT}); not a whole number means the default.`,
        }),
    }),
    replies: {
      200: {
        description: "The people found (`data.items`).",
        schema: dataOf(z.object({ items: z.array(directoryPersonSchema) })),
        example: { data: { items: [person] } },
      },
      400: refused("The request is malformed: its address does not decode, or `orgId` is not a location id."),
      404: notFound("the directory context"),
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/admin/directory-data/{context}/selections",
    operationId: "saveDirectorySelections",
    tag: "directory",
    summary: "Save a location's choices for the directory's roles",
    description:
      "Each role of the configuration gets the chosen person, an active user of that location (identityId 0, " +
      "the placeholder, is dropped); one person per role and location. Audited on the location.",
    rule: USERS_LIFECYCLE,
    params: contextParams,
    body: directorySaveSchema,
    bodyExample: {
      directoryDataConfigurationId: 4,
      organizationId: 310,
      selections: [
        { directoryDataTypeId: 21, identityId: 42, serialNumber: "S-100423" },
        { directoryDataTypeId: 22, identityId: 0 },
      ],
    },
    replies: {
      200: {
        description: "Saved: how many roles changed holder.",
        schema: dataOf(z.object({ changed: z.number().int() })),
        example: { data: { changed: 1 } },
      },
      400: refused(
        "The request is malformed or the body does not fit the schema, or a role or person does not belong to this location " +
          "(or a serial number is not the chosen person's).",
      ),
      404: notFound("the directory context, the location or the configuration"),
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/admin/directory-data/last-review-date/{context}",
    operationId: "markDirectoryReviewed",
    tag: "directory",
    summary: "Record that the caller's directory review is done for now",
    description: "No body. Sets the caller's last review date of the context to now.",
    rule: USERS_LIFECYCLE,
    params: contextParams,
    replies: {
      200: {
        description: "Recorded: the context reviewed.",
        schema: dataOf(z.object({ context: z.enum(DIRECTORY_CONTEXTS) })),
        example: { data: { context: "DEALER_LOCATION" } },
      },
      404: notFound("the directory context"),
    },
  }),
];
