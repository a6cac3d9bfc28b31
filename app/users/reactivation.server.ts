import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { identities } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { deliverSoon, queueMail, type Mail } from "~/mail/outbox.server";
import { F } from "~/permissions/features";
import { rolesGrantingSql } from "~/security-roles/granting.server";
import { toUsers } from "./routes";
import { deactivationNoticeOf, reactivationRequestable, type DeactivationNotice } from "./reactivation";
import { rowsOf } from "~/db/sql-list";

interface Person {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
}

/** What the sign-in page tells a deactivated user; null when the account is active (or gone). */
export async function deactivationOf(database: Executor, identityId: number): Promise<DeactivationNotice | null> {
  const [user] = await database
    .select({
      status: identities.status,
      deactivationReason: identities.deactivationReason,
      deactivatedAt: identities.deactivatedAt,
      reactivationRequestedAt: identities.reactivationRequestedAt,
    })
    .from(identities)
    .where(eq(identities.id, identityId));
  return user && user.status === "inactive" ? deactivationNoticeOf(user) : null;
}

/**
 * The administrators of a user's locations: active, holding a role that grants user management,
 * and a role at one of the user's dealer locations (where they administer, ADR 29). Never the user.
 */
async function administratorsOf(database: Executor, userId: number): Promise<Person[]> {
  // From the user's assignments to those at the same dealer locations (an index), not from every identity.
  const result = await database.execute(sql`
    select distinct i.id, i.email, i.first_name, i.last_name, i.preferred_language
    from role_assignments theirs
    join organizations o on o.id = theirs.organization_id and o.type <> 'internal'
    join role_assignments mine on mine.organization_id = theirs.organization_id
    join identities i on i.id = mine.identity_id and i.status = 'active' and i.id <> ${userId}
    where theirs.identity_id = ${userId}
      and exists (select 1 from role_assignments g where g.identity_id = i.id
        and g.security_role_id in ${rolesGrantingSql(F.usersWrite)})
    order by i.id`);
  return rowsOf<Person>(result);
}

export type ReactivationOutcome = { kind: "sent"; notice: DeactivationNotice } | { kind: "refused" };

/**
 * Issue #39 §5: a deactivated user who proved their password asks to be active again. Once per
 * deactivation: the request is stamped and audited as theirs, and the administrators of their
 * locations are e-mailed in their own language; a second request, or one from an active user,
 * changes nothing.
 */
export async function requestReactivation(
  database: Database,
  identityId: number,
  options: { publicUrl: string },
  now = new Date(),
): Promise<ReactivationOutcome> {
  const outcome = await database.transaction(async (tx): Promise<ReactivationOutcome> => {
    const [user] = await tx
      .select({
        status: identities.status,
        email: identities.email,
        firstName: identities.firstName,
        lastName: identities.lastName,
        deactivationReason: identities.deactivationReason,
        deactivatedAt: identities.deactivatedAt,
        reactivationRequestedAt: identities.reactivationRequestedAt,
      })
      .from(identities)
      .where(eq(identities.id, identityId))
      .for("update");
    if (!user || !reactivationRequestable(user)) return { kind: "refused" };
    await tx.update(identities).set({ reactivationRequestedAt: now }).where(eq(identities.id, identityId));
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [{ field: "reactivationRequestedAt", oldValue: null, newValue: now.toISOString() }],
      actorId: identityId,
      at: now,
    });
    const notice = deactivationNoticeOf({ ...user, reactivationRequestedAt: now });
    const admins = await administratorsOf(tx, identityId);
    await queueMail(tx, ...admins.map((admin) => requestMail(admin, user, notice, options.publicUrl)));
    return { kind: "sent", notice };
  });
  if (outcome.kind === "sent") void deliverSoon();
  return outcome;
}

/** To an administrator: who asks, since when they are inactive, where to activate them. */
function requestMail(
  admin: Person,
  user: { email: string; firstName: string; lastName: string },
  notice: DeactivationNotice,
  publicUrl: string,
): Mail {
  const locale = localeOrDefault(admin.preferred_language);
  const t = translatorFor(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const name = `${user.firstName} ${user.lastName}`;
  return {
    to: admin.email,
    subject: t("reactivationMail.subject", { name }),
    text: t("reactivationMail.text", {
      admin: `${admin.first_name} ${admin.last_name}`,
      name,
      email: user.email,
      on: notice.deactivatedAt ? date.format(new Date(notice.deactivatedAt)) : "–",
      link: `${publicUrl}${toUsers({ deactivation: "reactivationRequested" })}`,
    }),
  };
}

/**
 * Queued in the activation's transaction when the user had asked for it: they learn that they can
 * sign in again, in their language.
 */
export async function queueReactivatedMail(tx: Executor, userId: number, publicUrl: string): Promise<void> {
  const [user] = await tx
    .select({
      id: identities.id,
      email: identities.email,
      first_name: identities.firstName,
      last_name: identities.lastName,
      preferred_language: identities.preferredLanguage,
    })
    .from(identities)
    .where(eq(identities.id, userId));
  if (!user) return;
  const t = translatorFor(localeOrDefault(user.preferred_language));
  await queueMail(tx, {
    to: user.email,
    subject: t("reactivatedMail.subject"),
    text: t("reactivatedMail.text", { name: `${user.first_name} ${user.last_name}`, link: `${publicUrl}/` }),
  });
}
