import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { refusalReply } from "~/api/refusal-reply.server";
import { SIGNED_IN } from "~/security/feature-rule";
import { db } from "~/db/client.server";
import { localeOf, translatorFor } from "~/i18n/i18next.server";
import { PASSWORD_MIN_LENGTH } from "~/limits";
import { migrateAccount } from "~/account-migration/migration.server";
import { everySecurityQuestionText, migrationDataFor } from "~/account-migration/migration-data.server";
import { migrationSchema, SECURITY_ANSWER_MIN_LENGTH } from "~/account-migration/schema";

export async function loader() {
  return apiError(405, "Method Not Allowed");
}

/**
 * POST /api/v2/user/migrate/ldap `{ password, securityQuestion, securityAnswer }` (SPEC §7): the
 * caller's account migration. The question is one offered text (any language); the password
 * follows the one policy. An account with nothing to migrate is refused with 409.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, SIGNED_IN);
  const locale = await localeOf(request);
  const body = await jsonBody(request);
  // The API has no confirmation field: the password confirms itself.
  const input =
    body && typeof body === "object" ? { ...body, confirmPassword: (body as { password?: unknown }).password } : body;
  const parsed = migrationSchema(migrationDataFor(user, locale).names, everySecurityQuestionText()).safeParse(input);
  if (!parsed.success) {
    return validationReply(parsed.error, locale, {
      password: { count: PASSWORD_MIN_LENGTH },
      securityAnswer: { count: SECURITY_ANSWER_MIN_LENGTH },
    });
  }
  const outcome = await migrateAccount(db(), user, parsed.data);
  if (outcome.kind === "notRequired") return refusalReply(locale, 409, "accountMigration.notRequired");
  return apiJson({ data: { message: translatorFor(locale)("accountMigration.changed") } });
}
