import { z } from "zod";
import { apiOperation, dataOf, refused, languageQuery, type ApiOperation } from "~/api/contract";
import { PASSWORD_MIN_LENGTH } from "~/limits";
import { SIGNED_IN } from "~/security/feature-rule";
import { everySecurityQuestionText } from "./migration-data.server";
import { SECURITY_QUESTION_KEYS } from "./questions";
import { migrationSchema, SECURITY_ANSWER_MIN_LENGTH } from "./schema";

/*
 * The account migration's /api/v2 operations (SPEC §4, §7): the security questions offered, and
 * the caller's migration (a new password, a security question and its answer).
 */

/*
 * The body of POST /api/v2/user/migrate/ldap: the fields of the form's schema the route validates
 * with (`migrationSchema` with every question's text; the route makes it per request, with the
 * caller's names the password may not contain), without `confirmPassword`, which the route fills
 * in with the password itself.
 */
const migrationFields = migrationSchema([], everySecurityQuestionText()).shape;
const migrationBodySchema = z.object({
  password: migrationFields.password.meta({
    description:
      `The new password: at least ${PASSWORD_MIN_LENGTH} characters with a lowercase and an uppercase letter, ` +
      "a digit and a special character, and no part of the caller's name longer than 2 characters.",
  }),
  securityQuestion: migrationFields.securityQuestion.meta({
    description: "The text of one of the offered security questions, in any language.",
  }),
  securityAnswer: migrationFields.securityAnswer.meta({
    description: `The answer, at least ${SECURITY_ANSWER_MIN_LENGTH} characters.`,
  }),
});

export const accountMigrationApiOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/user/migrate/security-questions",
    operationId: "listSecurityQuestions",
    tag: "accountMigration",
    summary: "The security questions offered at account migration",
    description:
      "The security questions, each its key and its text, in the language asked for (else the request's own).",
    rule: SIGNED_IN,
    query: languageQuery,
    replies: {
      200: {
        description: "The questions (`data.items`), in their order.",
        schema: dataOf(
          z.object({ items: z.array(z.object({ key: z.enum(SECURITY_QUESTION_KEYS), value: z.string() })) }),
        ),
        example: {
          data: {
            items: [
              { key: "firstPet", value: "What was the name of your first pet?" },
              { key: "birthCity", value: "In which city were you born?" },
              { key: "firstSchool", value: "What was the name of your first school?" },
              { key: "motherMaidenName", value: "What is your mother's maiden name?" },
              { key: "firstCar", value: "What was the make of your first car?" },
            ],
          },
        },
      },
    },
  }),
  apiOperation({
    method: "post",
    path: "/api/v2/user/migrate/ldap",
    operationId: "migrateAccount",
    tag: "accountMigration",
    summary: "Migrate the caller's account",
    description:
      "Stores the caller's new password, security question and answer, and clears the pending password change; " +
      "the caller's other sessions end. The password follows the one policy; an account with nothing to migrate " +
      "is refused with 409.",
    rule: SIGNED_IN,
    body: migrationBodySchema,
    bodyExample: {
      password: "Harbour!Light42",
      securityQuestion: "In which city were you born?",
      securityAnswer: "Lisbon",
    },
    replies: {
      200: {
        description: "The account is migrated: the confirmation, in the caller's language.",
        schema: dataOf(z.object({ message: z.string() })),
        example: { data: { message: "Password has been changed" } },
      },
      400: refused("The body does not fit the migration's rules: each field's messages."),
      409: refused("The account has no password change pending: nothing was changed."),
    },
  }),
];
