import { z } from "zod";
import { apiOperation, dataOf, type ApiOperation } from "~/api/contract";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { disableAccountsSchema } from "./schema";

/*
 * The security review's /api/v2 operations (SPEC §7): the users to review, disabling some of them,
 * and confirming the review.
 */

/** An attestation group (SPEC §4): 3 never signed in, 0 over 90 days, 1 over 30 days, 2 otherwise. */
const attestationGroupSchema = z.object({
  id: z.literal([0, 1, 2, 3]).meta({ description: "3 never signed in, 0 over 90 days, 1 over 30 days, 2 otherwise." }),
  colour: z.enum(["error", "warn", "correct"]),
});

/** One row of the security review (SPEC §3 Attestation user). */
export const attestationUserSchema = z.object({
  id: z.number().int(),
  daysSinceLogin: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: "Whole days since the last sign-in; null when the user never signed in." }),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  group: attestationGroupSchema,
  self: z.boolean().meta({ description: "The reviewing administrator's own row: shown, never selectable." }),
});

export const securityReviewApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/admin/attestation-review/users",
    operationId: "listAttestationUsers",
    tag: "securityReview",
    summary: "The users of the caller's locations to review",
    description:
      "The active users of the caller's locations, with the days since their last sign-in and their group, " +
      "by days since login descending (never signed in first).",
    rule: USERS_LIFECYCLE,
    replies: {
      200: {
        description: "The users to review (`data.users`); none when the caller has no location.",
        schema: dataOf(z.object({ users: z.array(attestationUserSchema) })),
        example: {
          data: {
            users: [
              {
                id: 42,
                daysSinceLogin: null,
                firstName: "Ana",
                lastName: "Silva",
                email: "ana.silva@dealer.example",
                group: { id: 3, colour: "error" },
                self: false,
              },
              {
                id: 7,
                daysSinceLogin: 2,
                firstName: "Jon",
                lastName: "Berg",
                email: "jon.berg@dealer.example",
                group: { id: 2, colour: "correct" },
                self: true,
              },
            ],
          },
        },
      },
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/admin/attestation-review/update",
    operationId: "confirmAttestationReview",
    tag: "securityReview",
    summary: "Confirm the security review is accurate",
    description:
      "No body. The caller confirms the review: it is recorded with who and when, the locations it covered " +
      "and the users listed (those disabled during it included).",
    rule: USERS_LIFECYCLE,
    replies: {
      200: {
        description: "The review is recorded: its id.",
        schema: dataOf(z.object({ reviewId: z.number().int() })),
        example: { data: { reviewId: 118 } },
      },
    },
  }),
  apiOperation({
    method: "put",
    path: "/api/v2/admin/attestation-review/deactivate",
    operationId: "disableAttestationUsers",
    tag: "securityReview",
    summary: "Disable the selected accounts",
    description:
      "Disables the selected accounts the caller manages (every session ends), kept on the review under way; " +
      "the caller's own account is refused.",
    rule: USERS_LIFECYCLE,
    body: disableAccountsSchema,
    bodyExample: { identityIds: [42, 57] },
    replies: {
      200: {
        description:
          "What was done: the ids disabled now, and those refused (not one the caller manages, or the caller's own). " +
          "An account already disabled is in neither list.",
        schema: dataOf(z.object({ disabled: z.array(z.number().int()), refused: z.array(z.number().int()) })),
        example: { data: { disabled: [42], refused: [57] } },
      },
    },
  }),
];
