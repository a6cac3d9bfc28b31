import { sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { rowsOf } from "~/db/sql-list";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { DAY_MS } from "~/limits";
import { deliverSoon, queueMail, type Mail } from "~/mail/outbox.server";
import { F } from "~/permissions/features";
import { rolesGrantingSql } from "~/security-roles/granting.server";
import { toNetwork } from "./routes";

interface Gap {
  organization_id: number;
  item_id: number;
  location: string;
  dealer: string | null;
  brand_id: number;
  region_code: string;
  role: string;
  unfilled_since: string;
}

interface Recipient {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
}

const GAP_COLUMNS = sql`s.organization_id, s.item_id, o.name as location, d.name as dealer, o.brand_id, o.region_code,
  coalesce(nullif(i.display_name, ''), i.name) as role, s.unfilled_since`;
const GAP_FROM = sql`from directory_staffing s
  join organizations o on o.id = s.organization_id
  left join organizations d on d.id = o.parent_id
  join directory_items i on i.id = s.item_id`;

/**
 * The administrators of a location: active, holding a role there, and a role that grants user
 * management. Read from the location's assignments (an index), not from every identity.
 */
function locationAdministrators(locationId: number): SQL {
  return sql`select distinct p.id, p.email, p.first_name, p.last_name, p.preferred_language
    from role_assignments here
    join identities p on p.id = here.identity_id and p.status = 'active'
    where here.organization_id = ${locationId}
      and exists (select 1 from role_assignments g where g.identity_id = p.id
        and g.security_role_id in ${rolesGrantingSql(F.usersWrite)})
    order by p.id`;
}

/**
 * The maker's network managers of a brand and region: active, holding a role that grants
 * `admin:network:read` at the maker's organizations, whose organizations take in the brand and the
 * region (the dashboard's scope). Read from the few assignments at the maker's organizations.
 */
function networkManagers(brandId: number, regionCode: string): SQL {
  return sql`with oem as (
      select ra.identity_id, o.brand_id, o.region_code from organizations o
      join role_assignments ra on ra.organization_id = o.id
      where o.type = 'internal' and ra.security_role_id in ${rolesGrantingSql(F.networkRead)})
    select distinct p.id, p.email, p.first_name, p.last_name, p.preferred_language
    from identities p
    where p.status = 'active'
      and p.id in (select identity_id from oem where brand_id = ${brandId})
      and p.id in (select identity_id from oem where region_code = ${regionCode})
    order by p.id`;
}

/** Each recipient once, with every gap that concerns them. */
function byRecipient(pairs: readonly { to: Recipient; gap: Gap }[]): Map<number, { to: Recipient; gaps: Gap[] }> {
  const grouped = new Map<number, { to: Recipient; gaps: Gap[] }>();
  for (const { to, gap } of pairs) {
    const entry = grouped.get(to.id) ?? { to, gaps: [] };
    entry.gaps.push(gap);
    grouped.set(to.id, entry);
  }
  return grouped;
}

/**
 * Issue #40 §2, after each run of the figures: a required role that lost its only holder is mailed
 * to the location's administrators, and one unfilled `escalationDays` or longer to the maker's
 * network managers of its brand and region — each once (stamped on the role's staffing, cleared
 * when it is filled), one message per person listing every role that concerns them.
 */
export async function escalateDirectoryGaps(
  database: Database,
  options: { publicUrl: string; escalationDays: number },
  now = new Date(),
): Promise<{ locationMails: number; escalationMails: number }> {
  const result = await database.transaction(async (tx) => {
    const lost = rowsOf<Gap>(
      await tx.execute(sql`select ${GAP_COLUMNS} ${GAP_FROM}
        where s.holder_id is null and s.holder_lost and s.location_notified_at is null
        order by o.name, i.sort_order for update of s`),
    );
    const toLocation = await recipientsOf(
      tx,
      lost,
      (gap) => String(gap.organization_id),
      (gap) => locationAdministrators(gap.organization_id),
    );
    const due = new Date(now.getTime() - options.escalationDays * DAY_MS);
    const old = rowsOf<Gap>(
      await tx.execute(sql`select ${GAP_COLUMNS} ${GAP_FROM}
        where s.holder_id is null and s.escalated_at is null and s.unfilled_since <= ${due}
        order by s.unfilled_since, o.name, i.sort_order for update of s`),
    );
    const toMaker = await recipientsOf(
      tx,
      old,
      (gap) => `${gap.brand_id} ${gap.region_code}`,
      (gap) => networkManagers(gap.brand_id, gap.region_code),
    );
    const mails: Mail[] = [
      ...[...toLocation.values()].map(({ to, gaps }) => lostHolderMail(to, gaps, options.publicUrl)),
      ...[...toMaker.values()].map(({ to, gaps }) => escalationMail(to, gaps, options)),
    ];
    await queueMail(tx, ...mails);
    await stamp(tx, lost, sql`location_notified_at`, now);
    await stamp(tx, old, sql`escalated_at`, now);
    return { locationMails: toLocation.size, escalationMails: toMaker.size };
  });
  if (result.locationMails + result.escalationMails > 0) void deliverSoon();
  return result;
}

/** Who hears of each gap, read once per group of gaps with the same recipients (`key`). */
async function recipientsOf(tx: Executor, gaps: readonly Gap[], key: (gap: Gap) => string, who: (gap: Gap) => SQL) {
  const known = new Map<string, Recipient[]>();
  const pairs: { to: Recipient; gap: Gap }[] = [];
  for (const gap of gaps) {
    let people = known.get(key(gap));
    if (!people) {
      people = rowsOf<Recipient>(await tx.execute(who(gap)));
      known.set(key(gap), people);
    }
    for (const to of people) pairs.push({ to, gap });
  }
  return byRecipient(pairs);
}

async function stamp(tx: Executor, gaps: readonly Gap[], column: SQL, now: Date): Promise<void> {
  for (const gap of gaps)
    await tx.execute(sql`update directory_staffing set ${column} = ${now}
      where organization_id = ${gap.organization_id} and item_id = ${gap.item_id}`);
}

function lostHolderMail(to: Recipient, gaps: readonly Gap[], publicUrl: string): Mail {
  const t = translatorFor(localeOrDefault(to.preferred_language));
  return {
    to: to.email,
    subject: t("directoryGapMail.subject", { count: gaps.length }),
    text: t("directoryGapMail.text", {
      name: `${to.first_name} ${to.last_name}`,
      lines: gaps
        .map((gap) => `- ${t("directoryGapMail.line", { role: gap.role, location: gap.location })}`)
        .join("\n"),
      link: `${publicUrl}/admin/manage-directory/DEALER_LOCATION`,
    }),
  };
}

function escalationMail(
  to: Recipient,
  gaps: readonly Gap[],
  options: { publicUrl: string; escalationDays: number },
): Mail {
  const locale = localeOrDefault(to.preferred_language);
  const t = translatorFor(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const [first] = gaps;
  return {
    to: to.email,
    subject: t("directoryEscalationMail.subject", { count: options.escalationDays }),
    text: t("directoryEscalationMail.text", {
      name: `${to.first_name} ${to.last_name}`,
      count: options.escalationDays,
      lines: gaps
        .map(
          (gap) =>
            `- ${t("directoryEscalationMail.line", {
              role: gap.role,
              location: gap.location,
              dealer: gap.dealer ?? "–",
              date: date.format(new Date(gap.unfilled_since)),
            })}`,
        )
        .join("\n"),
      link: `${options.publicUrl}${toNetwork({ brandId: first.brand_id, region: first.region_code, need: "incomplete" })}`,
    }),
  };
}
