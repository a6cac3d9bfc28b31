import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities } from "~/db/schema";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { ATTESTATION_REMINDER_DAYS } from "~/limits";
import { deliverSoon, queueMail } from "~/mail/outbox.server";
import { F } from "~/permissions/features";
import { rolesGrantingSql } from "~/security-roles/granting.server";
import { lastSecurityReviewOf } from "./last-review.server";
import { attestationIsDue, attestationReminderIsDue } from "./rules";
import { rowsOf } from "~/db/sql-list";

interface Administrator {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
  attestation_reminded_at: string | Date | null;
}

/** The active users holding a role that grants user management (directly or through a child role). */
async function userAdministrators(database: Database): Promise<Administrator[]> {
  const result = await database.execute(sql`
    select distinct i.id, i.email, i.first_name, i.last_name, i.preferred_language, i.attestation_reminded_at
    from identities i
    join role_assignments ra on ra.identity_id = i.id
    where i.status = 'active' and ra.security_role_id in ${rolesGrantingSql(F.usersWrite)}`);
  return rowsOf<Administrator>(result);
}

/**
 * The daily reminder (issue #16 §3): each administrator whose locations' security review is due
 * gets an e-mail in their language with the review's address, at most once a week while it stays due.
 */
export async function remindDueSecurityReviews(
  database: Database,
  options: { publicUrl: string; periodDays: number },
  now = new Date(),
): Promise<{ reminded: number }> {
  let reminded = 0;
  for (const admin of await userAdministrators(database)) {
    const remindedAt = admin.attestation_reminded_at ? new Date(admin.attestation_reminded_at) : null;
    if (!attestationReminderIsDue(remindedAt, now, ATTESTATION_REMINDER_DAYS)) continue;
    if (!attestationIsDue(await lastSecurityReviewOf(database, admin.id), now, options.periodDays)) continue;
    const t = translatorFor(localeOrDefault(admin.preferred_language));
    await database.transaction(async (tx) => {
      await queueMail(tx, {
        to: admin.email,
        subject: t("securityReviewMail.subject"),
        text: t("securityReviewMail.text", {
          name: `${admin.first_name} ${admin.last_name}`,
          count: options.periodDays,
          link: `${options.publicUrl}/security-review`,
        }),
      });
      await tx.update(identities).set({ attestationRemindedAt: now }).where(eq(identities.id, admin.id));
    });
    reminded += 1;
  }
  if (reminded > 0) void deliverSoon();
  return { reminded };
}
