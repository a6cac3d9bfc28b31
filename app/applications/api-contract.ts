import { z } from "zod";
import { apiOperation, dataOf, type ApiOperation } from "~/api/contract";
import { LOCALES } from "~/i18n/locale";
import { SIGNED_IN } from "~/security/feature-rule";

/*
 * The applications' /api/v2 operation (SPEC §7): the caller's applications, as their launcher lists them.
 */

/** One application of the caller's (`LauncherItem`), in the language asked for. */
const userApplicationSchema = z.object({
  id: z.string().meta({ description: "The application's id, as text." }),
  name: z.string().meta({ description: "Its display name in the language, else the English one." }),
  description: z.string(),
  link: z.string(),
  regionCode: z.string().meta({ description: "The application's region." }),
  categories: z.array(z.string()),
  sortOrder: z.number().int(),
});

export const applicationsApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/user/applications",
    operationId: "listUserApplications",
    tag: "user",
    summary: "The caller's applications",
    description:
      "The applications the caller sees (their brands and regions, and each application's targeting), in " +
      "launcher order, in the language asked for (default en).",
    rule: SIGNED_IN,
    query: z.object({
      language: z
        .string()
        .optional()
        .meta({
          description: `The language, one of ${LOCALES.join(", ")}; anything else is en.`,
        }),
    }),
    replies: {
      200: {
        description:
          "The applications (`data.applications`); when the catalogue could not be read, those of the last one this process loaded, else none.",
        schema: dataOf(z.object({ applications: z.array(userApplicationSchema) })),
        example: {
          data: {
            applications: [
              {
                id: "12",
                name: "Warranty claims",
                description: "File and follow warranty claims.",
                link: "https://warranty.portal.example/",
                regionCode: "EMEA",
                categories: ["Service"],
                sortOrder: 3,
              },
            ],
          },
        },
      },
    },
  }),
];
