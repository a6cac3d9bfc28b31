import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { dormancyWarnings, identities } from "~/db/schema";
import { fieldChanges, recordAudit } from "~/audit/audit-writer.server";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { AUTO_DEACTIVATION_DAYS, DAY_MS, DORMANCY_WARNING_DAYS } from "~/limits";
import { deliverSoon, queueMail } from "~/mail/outbox.server";
import type { Actor } from "~/permissions/actor";
import { daysUntilDeactivation, deactivatesInDays, dormancyWarningDue, exemptOn, inactiveSince } from "./dormancy";
import { selfChangeRefused } from "./self-change";
import { actorManages } from "./users.server";

/** Not exempt on `now`'s day: no exemption, or one that ended before it. */
export function notExempt(now: Date) {
  return or(isNull(identities.dormancyExemptUntil), lt(identities.dormancyExemptUntil, now.toISOString().slice(0, 10)));
}

/** When a user's inactivity began (`inactiveSince`), as SQL. */
const inactiveSinceSql = sql`coalesce(${identities.lastLoginAt}, ${identities.createdAt})`;

/**
 * Active, not exempt, and inactive long enough that the first warning is due: auto-deactivation
 * within 14 days (or already due). The warnings' job and the users list's filter read the same rule.
 */
export function deactivatesWithinFirstWarning(now: Date): SQL {
  const newest = new Date(now.getTime() - (AUTO_DEACTIVATION_DAYS - DORMANCY_WARNING_DAYS[0]) * DAY_MS);
  return and(eq(identities.status, "active"), notExempt(now), lte(inactiveSinceSql, newest))!;
}

/**
 * Issue #39 §4, the daily warnings: every active user without an exemption whose auto-deactivation
 * comes within 14 days gets the warning due (14, 3 or 1 days before) in their language, once per
 * inactivity period — a sign-in starts a new one, a rerun sends nothing twice.
 */
export async function sendDormancyWarnings(
  database: Database,
  options: { publicUrl: string },
  now = new Date(),
): Promise<{ warned: number }> {
  // Within the first warning's reach, and not yet due (the deactivation job takes those).
  const oldest = new Date(now.getTime() - AUTO_DEACTIVATION_DAYS * DAY_MS);
  const candidates = await database
    .select({ id: identities.id })
    .from(identities)
    .where(and(deactivatesWithinFirstWarning(now), gt(inactiveSinceSql, oldest)));
  let warned = 0;
  for (const { id } of candidates) {
    const sent = await database.transaction(async (tx) => {
      // Read again under the lock: a sign-in since the list was read starts a new period.
      const [user] = await tx
        .select({
          email: identities.email,
          firstName: identities.firstName,
          lastName: identities.lastName,
          language: identities.preferredLanguage,
          status: identities.status,
          lastLoginAt: identities.lastLoginAt,
          createdAt: identities.createdAt,
          exemptUntil: identities.dormancyExemptUntil,
        })
        .from(identities)
        .where(eq(identities.id, id))
        .for("update");
      if (!user || user.status !== "active" || exemptOn(user.exemptUntil, now)) return false;
      const periodStart = inactiveSince(user);
      const already = await tx
        .select({ days: dormancyWarnings.daysBefore })
        .from(dormancyWarnings)
        .where(and(eq(dormancyWarnings.identityId, id), eq(dormancyWarnings.periodStart, periodStart)));
      const daysLeft = daysUntilDeactivation(periodStart, now);
      const due = dormancyWarningDue(
        daysLeft,
        already.map((row) => row.days),
      );
      if (due === null) return false;
      await tx.insert(dormancyWarnings).values({ identityId: id, periodStart, daysBefore: due, sentAt: now });
      await queueMail(tx, dormancyMail(user, daysLeft, periodStart, options.publicUrl));
      return true;
    });
    if (sent) warned += 1;
  }
  if (warned > 0) void deliverSoon();
  return { warned };
}

/** The warning in the user's language: since when they are away, the day it happens, how to keep the account. */
function dormancyMail(
  user: { email: string; firstName: string; lastName: string; language: string },
  daysLeft: number,
  since: Date,
  publicUrl: string,
) {
  const locale = localeOrDefault(user.language);
  const t = translatorFor(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const on = new Date(since.getTime() + AUTO_DEACTIVATION_DAYS * DAY_MS);
  return {
    to: user.email,
    subject: t("dormancyMail.subject", { count: daysLeft }),
    text: t("dormancyMail.text", {
      name: `${user.firstName} ${user.lastName}`,
      count: daysLeft,
      since: date.format(since),
      on: date.format(on),
      link: `${publicUrl}/`,
    }),
  };
}

/** A user's standing against auto-deactivation, as their page shows it (the caller checked the administrator manages them). */
export async function dormancyOf(database: Executor, userId: number, now = new Date()) {
  const [user] = await database
    .select({
      status: identities.status,
      lastLoginAt: identities.lastLoginAt,
      createdAt: identities.createdAt,
      dormancyExemptUntil: identities.dormancyExemptUntil,
      dormancyExemptReason: identities.dormancyExemptReason,
    })
    .from(identities)
    .where(eq(identities.id, userId));
  if (!user) return null;
  const exempt = exemptOn(user.dormancyExemptUntil, now);
  return {
    deactivatesIn: deactivatesInDays(user, now),
    exemptUntil: exempt ? user.dormancyExemptUntil : null,
    exemptReason: exempt ? user.dormancyExemptReason : null,
  };
}

export type ExemptionOutcome = { kind: "saved" } | { kind: "missing" } | { kind: "self" };

/**
 * Issue #39 §4: an administrator exempts a user they manage from auto-deactivation until a day,
 * with a reason (a service or seasonal account), or ends the exemption (`until` null); audited
 * field by field.
 */
export async function setDormancyExemption(
  database: Database,
  actor: Actor,
  userId: number,
  exemption: { until: string; reason: string } | null,
  now = new Date(),
): Promise<ExemptionOutcome> {
  // The exemption keeps an account active: one's own is a change of one's own status (issue #30).
  if (selfChangeRefused(actor.identityId, userId, ["status"])) return { kind: "self" };
  return database.transaction(async (tx) => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    const [before] = await tx
      .select({
        dormancyExemptUntil: identities.dormancyExemptUntil,
        dormancyExemptReason: identities.dormancyExemptReason,
      })
      .from(identities)
      .where(eq(identities.id, userId))
      .for("update");
    if (!before) return { kind: "missing" };
    const after = { dormancyExemptUntil: exemption?.until ?? null, dormancyExemptReason: exemption?.reason ?? null };
    await tx
      .update(identities)
      .set({ ...after, modifiedBy: actor.identityId, updatedAt: now })
      .where(eq(identities.id, userId));
    await recordExemption(tx, userId, before, after, actor.identityId, now);
    return { kind: "saved" };
  });
}

async function recordExemption(
  tx: Executor,
  userId: number,
  before: { dormancyExemptUntil: string | null; dormancyExemptReason: string | null },
  after: { dormancyExemptUntil: string | null; dormancyExemptReason: string | null },
  actorId: number,
  at: Date,
) {
  const changes = fieldChanges(before, after, ["dormancyExemptUntil", "dormancyExemptReason"]);
  if (changes.length > 0)
    await recordAudit(tx, { entity: "identity", entityId: userId, operation: "update", changes, actorId, at });
}
