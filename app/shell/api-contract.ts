import { z } from "zod";
import { apiOperation, type ApiOperation } from "~/api/contract";
import { SIGNED_IN } from "~/security/feature-rule";

/*
 * The shell's /api/v2 operation (SPEC §7): the caller's access data.
 */

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** The caller's access data (`AccessData`, SPEC §3). */
const accessDataSchema = z.object({
  brands: z.array(namedSchema).meta({ description: "The brands of the caller's organizations, by id." }),
  regions: z.array(z.string()).meta({ description: "The region codes of the caller's organizations, sorted." }),
  workspaces: z.array(namedSchema).meta({ description: "The organizations the caller holds a role at, by id." }),
  features: z.array(z.string()).meta({ description: "The features the caller holds, sorted." }),
  requiredActions: z.array(z.string()).meta({ description: "What the caller must do before using the portal." }),
});

export const shellApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/user/ui-access-data",
    operationId: "getUiAccessData",
    tag: "user",
    summary: "The caller's access data",
    description:
      "The caller's brands, regions, workspaces, features and required actions, by session cookie or bearer token.",
    rule: SIGNED_IN,
    replies: {
      200: {
        description: "The access data (not wrapped in `data`).",
        schema: accessDataSchema,
        example: {
          brands: [
            { id: 1, name: "Brand One" },
            { id: 2, name: "Brand Two" },
          ],
          regions: ["EMEA"],
          workspaces: [{ id: 310, name: "Nordstadt Motors" }],
          features: ["admin:announcements:read", "admin:users:edit"],
          requiredActions: [],
        },
      },
    },
  }),
];
