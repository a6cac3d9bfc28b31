import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/sql-list";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { DAY_MS } from "~/limits";
import { deliverSoon, queueMail, type Mail } from "~/mail/outbox.server";
import { TARGETED } from "./receipts.server";
import { acknowledgementReminderDue, MAX_ACKNOWLEDGEMENT_REMINDERS } from "./rules";

interface Pending {
  announcement_id: number;
  title: string;
  start_date: string;
  identity_id: number;
  email: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
  /** One of the announcement's brands the user holds: home shows the feed of one brand (its theme). */
  brand_id: number;
  sent: number | null;
  last_sent_at: string | null;
}

/**
 * Issue #40 §3, hourly: each targeted user who has not acknowledged a live announcement that asks
 * for it gets a reminder `reminderDays` after it went live and a second as many days later, no
 * more — one message per user listing every announcement due. The statement reads the candidates
 * (those not reminded twice, nothing within the last `reminderDays`); the rule decides.
 */
export async function remindToAcknowledge(
  database: Database,
  options: { publicUrl: string; reminderDays: number },
  now = new Date(),
): Promise<{ reminders: number }> {
  const quietSince = new Date(now.getTime() - options.reminderDays * DAY_MS);
  const result = await database.transaction(async (tx) => {
    const candidates = rowsOf<Pending>(
      await tx.execute(sql`select a.id as announcement_id, a.title, a.start_date, i.id as identity_id, i.email,
          i.first_name, i.last_name, i.preferred_language, m.sent, m.last_sent_at,
          (select min(b) from unnest(i.brand_ids) as b where b = any(a.brand_ids)) as brand_id
        from announcements a
        join identities i on ${TARGETED}
        left join announcement_reminders m on m.announcement_id = a.id and m.identity_id = i.id
        where a.requires_acknowledgement and a.start_date <= ${quietSince} and a.expiration_date > ${now}
          and not exists (select 1 from announcement_acknowledgements k
            where k.announcement_id = a.id and k.identity_id = i.id)
          and coalesce(m.sent, 0) < ${MAX_ACKNOWLEDGEMENT_REMINDERS}
          and coalesce(m.last_sent_at, a.start_date) <= ${quietSince}
        order by i.id, a.start_date, a.id`),
    );
    const due = candidates.filter((row) =>
      acknowledgementReminderDue(
        { sent: row.sent ?? 0, lastSentAt: row.last_sent_at ? new Date(row.last_sent_at) : null },
        new Date(row.start_date),
        now,
        options.reminderDays,
      ),
    );
    const byUser = new Map<number, Pending[]>();
    for (const row of due) byUser.set(row.identity_id, [...(byUser.get(row.identity_id) ?? []), row]);
    await queueMail(tx, ...[...byUser.values()].map((rows) => reminderMail(rows, options.publicUrl)));
    // One statement for a recall's tens of thousands, each column one array parameter (unnest, as
    // the audit writer's bulk rows).
    const column = (pick: (row: Pending) => number) => sql.param(due.map(pick));
    if (due.length > 0)
      await tx.execute(sql`insert into announcement_reminders (identity_id, announcement_id, sent, last_sent_at)
        select u.identity_id, u.announcement_id, 1, ${now}
        from unnest(${column((row) => row.identity_id)}::int4[], ${column((row) => row.announcement_id)}::int4[])
          as u(identity_id, announcement_id)
        on conflict (identity_id, announcement_id)
          do update set sent = announcement_reminders.sent + 1, last_sent_at = excluded.last_sent_at`);
    return { reminders: byUser.size };
  });
  if (result.reminders > 0) void deliverSoon();
  return result;
}

function reminderMail(rows: readonly Pending[], publicUrl: string): Mail {
  const [first] = rows;
  const t = translatorFor(localeOrDefault(first.preferred_language));
  return {
    to: first.email,
    subject: t("acknowledgementReminderMail.subject", { count: rows.length }),
    text: t("acknowledgementReminderMail.text", {
      name: `${first.first_name} ${first.last_name}`,
      lines: rows.map((row) => `- ${row.title}`).join("\n"),
      link: `${publicUrl}/?brand=${first.brand_id}&announcements=unread`,
    }),
  };
}
