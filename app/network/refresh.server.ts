import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { DAY_MS } from "~/limits";
import { deactivatesWithinFirstWarning } from "~/users/dormancy.server";
import { DORMANT_AFTER_DAYS } from "./rules";

/** Integration errors count on the dashboard for this many days. */
const ERROR_DAYS = 7;

/**
 * Issue #40 §1, the `network-figures` job: the dashboard's figures taken afresh in one transaction
 * (a reader sees the old set or the new one, never half), and the directory's staffing kept — a
 * required role nobody holds gets the moment it was first seen so, and whether a holder was lost;
 * filled again, both clear. A role held by a deactivated user staffs nobody. A few statements over
 * the whole network, so the page itself reads a few thousand rows.
 */
export async function refreshNetworkFigures(database: Database, now = new Date()): Promise<{ locations: number }> {
  const dormantBefore = new Date(now.getTime() - DORMANT_AFTER_DAYS * DAY_MS);
  const errorsSince = new Date(now.getTime() - ERROR_DAYS * DAY_MS);
  return database.transaction(async (tx) => {
    // Every required role of every dealer location and its active holder now; a role that had a
    // holder at the last run and has none now was lost (deactivated, deleted, taken off the role).
    const current = sql`select o.id as organization_id, i.id as item_id,
        (select min(a.identity_id) from directory_assignments a join identities h on h.id = a.identity_id
          where a.item_id = i.id and a.organization_id = o.id and h.status = 'active') as holder_id
      from organizations o
      join directory_configurations c on c.context = 'DEALER_LOCATION' and c.brand_id = o.brand_id
      join directory_items i on i.configuration_id = c.id and i.required
      where o.type = 'location'`;
    await tx.execute(sql`
      insert into directory_staffing (organization_id, item_id, holder_id, unfilled_since, holder_lost)
      select organization_id, item_id, holder_id, case when holder_id is null then ${now}::timestamptz end, false
      from (${current}) now_held
      on conflict (organization_id, item_id) do update set
        holder_id = excluded.holder_id,
        unfilled_since = case when excluded.holder_id is not null then null
          when directory_staffing.holder_id is null then directory_staffing.unfilled_since else ${now}::timestamptz end,
        holder_lost = case when excluded.holder_id is not null then false
          when directory_staffing.holder_id is null then directory_staffing.holder_lost else true end,
        location_notified_at = case when excluded.holder_id is null then directory_staffing.location_notified_at end,
        escalated_at = case when excluded.holder_id is null then directory_staffing.escalated_at end`);
    // No longer a required role of a dealer location (one lookup per row, not the whole set again).
    await tx.execute(sql`
      delete from directory_staffing s
      where not exists (select 1 from organizations o
        join directory_configurations c on c.context = 'DEALER_LOCATION' and c.brand_id = o.brand_id
        join directory_items i on i.configuration_id = c.id and i.required
        where o.id = s.organization_id and i.id = s.item_id and o.type = 'location')`);

    await tx.execute(sql`delete from network_locations`);
    const inserted = await tx.execute(sql`
      insert into network_locations (location_id, dealer_id, brand_id, region_code, required_roles, filled_roles,
        last_review_at, last_reviewer_id, refreshed_at)
      select o.id, o.parent_id, o.brand_id, o.region_code,
        coalesce(staffed.required, 0), coalesce(staffed.filled, 0),
        rev.confirmed_at, rev.reviewer_id, ${now}
      from organizations o
      left join (select organization_id, count(*)::int as required, count(holder_id)::int as filled
          from directory_staffing group by organization_id) staffed on staffed.organization_id = o.id
      left join (select distinct on (loc) loc, sr.confirmed_at, sr.reviewer_id
          from security_reviews sr, unnest(sr.organization_ids) as loc
          where sr.confirmed_at is not null order by loc, sr.confirmed_at desc) rev on rev.loc = o.id
      where o.type = 'location'`);

    await tx.execute(sql`delete from network_figures`);
    // Each user once per level: grouping sets count distinct identities per location, dealer, brand and region.
    await tx.execute(sql`
      insert into network_figures (level, brand_id, region_code, dealer_id, location_id, active, never_signed_in, dormant, due_soon)
      select case when grouping(o.id) = 0 then 'location' when grouping(o.parent_id) = 0 then 'dealer' else 'brandRegion' end,
        o.brand_id, o.region_code, coalesce(o.parent_id, 0), coalesce(o.id, 0),
        count(distinct identities.id) filter (where identities.status = 'active'),
        count(distinct identities.id) filter (where identities.status = 'active' and identities.last_login_at is null),
        count(distinct identities.id) filter (where identities.status = 'active'
          and identities.last_login_at < ${dormantBefore}),
        -- The users list's "deactivates within 14 days" (issue #39 §4), the same rule.
        count(distinct identities.id) filter (where ${deactivatesWithinFirstWarning(now)})
      from role_assignments ra
      join organizations o on o.id = ra.organization_id and o.type = 'location'
      join identities on identities.id = ra.identity_id
      group by grouping sets ((o.brand_id, o.region_code, o.parent_id, o.id), (o.brand_id, o.region_code, o.parent_id),
        (o.brand_id, o.region_code))`);
    // Errors about a location, its dealer, or one of its users, each once per level.
    await tx.execute(sql`
      insert into network_figures (level, brand_id, region_code, dealer_id, location_id, integration_errors)
      select case when grouping(o.id) = 0 then 'location' when grouping(o.parent_id) = 0 then 'dealer' else 'brandRegion' end,
        o.brand_id, o.region_code, coalesce(o.parent_id, 0), coalesce(o.id, 0), count(distinct e.id)
      from (
        select e.id, e.subject_id as organization_id from integration_errors e
          where e.subject_kind = 'organization' and e.error_date > ${errorsSince}
        union all
        select e.id, e.organization_id from integration_errors e
          where e.organization_id is not null and e.error_date > ${errorsSince}
        union all
        select e.id, ra.organization_id from integration_errors e join role_assignments ra on ra.identity_id = e.subject_id
          where e.subject_kind = 'identity' and e.error_date > ${errorsSince}
      ) e
      join organizations o on o.type = 'location' and (o.id = e.organization_id or o.parent_id = e.organization_id)
      group by grouping sets ((o.brand_id, o.region_code, o.parent_id, o.id), (o.brand_id, o.region_code, o.parent_id),
        (o.brand_id, o.region_code))
      on conflict (level, brand_id, region_code, dealer_id, location_id)
        do update set integration_errors = excluded.integration_errors`);
    const count = (inserted as unknown as { affectedRows?: number; rowCount?: number }) ?? {};
    return { locations: count.rowCount ?? count.affectedRows ?? 0 };
  });
}
