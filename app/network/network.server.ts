import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { rowsOf, sqlList } from "~/db/sql-list";
import { DAY_MS } from "~/limits";
import type { PortalScope } from "~/permissions/admin-levels";
import type { NetworkLevel, NetworkNeed, NetworkRow } from "./rules";

export type { NetworkRow };

/** A required directory role nobody holds at a location, since when. */
export interface NetworkGap {
  locationId: number;
  location: string;
  dealer: string | null;
  role: string;
  since: Date;
  /** When it was escalated to the maker's network managers (issue #40 §2); null: not yet. */
  escalatedAt: Date | null;
}

/** A location whose security review is overdue: its last confirmation and by whom (null: never). */
export interface OverdueReview {
  locationId: number;
  location: string;
  dealer: string | null;
  lastReviewAt: Date | null;
  reviewer: string | null;
}

export interface NetworkDashboard {
  /** The dealer's name at the dealer level (the brand and region are translated by the page). */
  dealerName: string | null;
  rows: NetworkRow[];
  gaps: NetworkGap[];
  overdue: OverdueReview[];
  /** When the job last took the figures; null before it ever ran. */
  refreshedAt: Date | null;
}

/** How many of the longest gaps and the most overdue reviews the dashboard names. */
const NAMED = 10;

/** The locations of the holder's scope at a level, as a condition on `network_locations nl`. */
function levelWhere(scope: PortalScope, level: NetworkLevel): SQL {
  const inScope = sql`nl.brand_id in ${sqlList(scope.brandIds)} and nl.region_code in ${sqlList(scope.regionCodes)}`;
  switch (level.kind) {
    case "network":
      return inScope;
    case "brandRegion":
      return sql`${inScope} and nl.brand_id = ${level.brandId} and nl.region_code = ${level.regionCode}`;
    case "dealer":
      return sql`${inScope} and nl.brand_id = ${level.brandId} and nl.region_code = ${level.regionCode}
        and nl.dealer_id = ${level.dealerId}`;
  }
}

function overdueSql(now: Date, periodDays: number): SQL {
  return sql`(nl.last_review_at is null or nl.last_review_at < ${new Date(now.getTime() - periodDays * DAY_MS)})`;
}

interface RawRow {
  brand_id: number;
  region_code: string;
  dealer_id: number | null;
  location_id: number | null;
  name: string | null;
  locations: number;
  complete: number;
  review_overdue: number;
  active: number | null;
  never_signed_in: number | null;
  dormant: number | null;
  due_soon: number | null;
  integration_errors: number | null;
}

function rowOf(raw: RawRow): NetworkRow {
  return {
    brandId: raw.brand_id,
    regionCode: raw.region_code,
    dealerId: raw.dealer_id,
    locationId: raw.location_id,
    name: raw.name,
    locations: Number(raw.locations),
    complete: Number(raw.complete),
    reviewOverdue: Number(raw.review_overdue),
    active: Number(raw.active ?? 0),
    neverSignedIn: Number(raw.never_signed_in ?? 0),
    dormant: Number(raw.dormant ?? 0),
    dueSoon: Number(raw.due_soon ?? 0),
    integrationErrors: Number(raw.integration_errors ?? 0),
  };
}

/**
 * Issue #40 §1: the dashboard at a level of the holder's scope — per brand and region, per dealer of
 * one, or per location of one dealer — from the figures the job took; the longest-unfilled required
 * roles and the most overdue reviews of that part of the network.
 */
export async function networkDashboard(
  database: Executor,
  scope: PortalScope,
  level: NetworkLevel,
  options: { now: Date; periodDays: number },
): Promise<NetworkDashboard> {
  const where = levelWhere(scope, level);
  const overdue = overdueSql(options.now, options.periodDays);
  const figures = sql`count(*)::int as locations,
    count(*) filter (where nl.filled_roles >= nl.required_roles)::int as complete,
    count(*) filter (where ${overdue})::int as review_overdue`;
  const accounts = sql`f.active, f.never_signed_in, f.dormant, f.due_soon, f.integration_errors`;
  let rows: RawRow[];
  if (level.kind === "network") {
    rows = rowsOf<RawRow>(
      await database.execute(sql`
        select g.*, null::int as dealer_id, null::int as location_id, null as name, ${accounts}
        from (select nl.brand_id, nl.region_code, ${figures} from network_locations nl where ${where}
          group by nl.brand_id, nl.region_code) g
        left join network_figures f on f.level = 'brandRegion' and f.brand_id = g.brand_id
          and f.region_code = g.region_code and f.dealer_id = 0 and f.location_id = 0
        order by g.brand_id, g.region_code`),
    );
  } else if (level.kind === "brandRegion") {
    rows = rowsOf<RawRow>(
      await database.execute(sql`
        select g.*, null::int as location_id, d.name, ${accounts}
        from (select nl.brand_id, nl.region_code, nl.dealer_id, ${figures} from network_locations nl where ${where}
          group by nl.brand_id, nl.region_code, nl.dealer_id) g
        left join organizations d on d.id = g.dealer_id
        left join network_figures f on f.level = 'dealer' and f.brand_id = g.brand_id
          and f.region_code = g.region_code and f.dealer_id = coalesce(g.dealer_id, 0) and f.location_id = 0
        order by d.name, g.dealer_id`),
    );
  } else {
    rows = rowsOf<RawRow>(
      await database.execute(sql`
        select nl.brand_id, nl.region_code, nl.dealer_id, nl.location_id, o.name,
          1 as locations, (nl.filled_roles >= nl.required_roles)::int as complete,
          (${overdue})::int as review_overdue, ${accounts}
        from network_locations nl
        join organizations o on o.id = nl.location_id
        left join network_figures f on f.level = 'location' and f.location_id = nl.location_id
        where ${where}
        order by o.name, nl.location_id`),
    );
  }
  const gaps = rowsOf<{
    location_id: number;
    location: string;
    dealer: string | null;
    role: string;
    since: string;
    escalated_at: string | null;
  }>(
    await database.execute(sql`
      select nl.location_id, o.name as location, d.name as dealer,
        coalesce(nullif(i.display_name, ''), i.name) as role, g.unfilled_since as since, g.escalated_at
      from directory_staffing g
      join network_locations nl on nl.location_id = g.organization_id
      join organizations o on o.id = nl.location_id
      left join organizations d on d.id = nl.dealer_id
      join directory_items i on i.id = g.item_id
      where ${where} and g.holder_id is null
      order by g.unfilled_since, o.name, i.sort_order
      limit ${NAMED}`),
  );
  const late = rowsOf<{
    location_id: number;
    location: string;
    dealer: string | null;
    last_review_at: string | null;
    reviewer: string | null;
  }>(
    await database.execute(sql`
      select nl.location_id, o.name as location, d.name as dealer, nl.last_review_at,
        r.first_name || ' ' || r.last_name as reviewer
      from network_locations nl
      join organizations o on o.id = nl.location_id
      left join organizations d on d.id = nl.dealer_id
      left join identities r on r.id = nl.last_reviewer_id
      where ${where} and ${overdue}
      order by nl.last_review_at nulls first, o.name
      limit ${NAMED}`),
  );
  const [fresh] = rowsOf<{ at: string | null }>(
    await database.execute(sql`select max(refreshed_at) as at from network_locations`),
  );
  const [dealer] =
    level.kind === "dealer"
      ? rowsOf<{ name: string }>(
          await database.execute(sql`select name from organizations where id = ${level.dealerId}`),
        )
      : [];
  return {
    dealerName: dealer?.name ?? null,
    rows: rows.map(rowOf),
    gaps: gaps.map((gap) => ({
      locationId: gap.location_id,
      location: gap.location,
      dealer: gap.dealer,
      role: gap.role,
      since: new Date(gap.since),
      escalatedAt: gap.escalated_at ? new Date(gap.escalated_at) : null,
    })),
    overdue: late.map((row) => ({
      locationId: row.location_id,
      location: row.location,
      dealer: row.dealer,
      lastReviewAt: row.last_review_at ? new Date(row.last_review_at) : null,
      reviewer: row.reviewer,
    })),
    refreshedAt: fresh?.at ? new Date(fresh.at) : null,
  };
}

/** One location as the lists behind the figures and the CSV export give it. */
export interface NetworkLocation extends NetworkRow {
  dealer: string | null;
  requiredRoles: number;
  filledRoles: number;
  lastReviewAt: Date | null;
  reviewer: string | null;
}

function needSql(need: NetworkNeed | null, now: Date, periodDays: number): SQL {
  switch (need) {
    case null:
      return sql`true`;
    case "incomplete":
      return sql`nl.filled_roles < nl.required_roles`;
    case "reviewOverdue":
      return overdueSql(now, periodDays);
    case "neverSignedIn":
      return sql`coalesce(f.never_signed_in, 0) > 0`;
    case "dormant":
      return sql`coalesce(f.dormant, 0) > 0`;
    case "dueSoon":
      return sql`coalesce(f.due_soon, 0) > 0`;
    case "integrationErrors":
      return sql`coalesce(f.integration_errors, 0) > 0`;
  }
}

/**
 * The locations behind a figure (or every location) of a level of the holder's scope, by dealer
 * and name: `limit` from `offset`, with how many there are (the CSV reads them all).
 */
export async function networkLocations(
  database: Executor,
  scope: PortalScope,
  level: NetworkLevel,
  need: NetworkNeed | null,
  options: { now: Date; periodDays: number; limit?: number; offset?: number },
): Promise<{ total: number; rows: NetworkLocation[] }> {
  const where = sql`${levelWhere(scope, level)} and ${needSql(need, options.now, options.periodDays)}`;
  const from = sql`from network_locations nl
    join organizations o on o.id = nl.location_id
    left join organizations d on d.id = nl.dealer_id
    left join network_figures f on f.level = 'location' and f.location_id = nl.location_id
    left join identities r on r.id = nl.last_reviewer_id`;
  const [{ total }] = rowsOf<{ total: number }>(
    await database.execute(sql`select count(*)::int as total ${from} where ${where}`),
  );
  const page =
    options.limit === undefined ? sql`` : sql` limit ${options.limit} offset ${Math.max(0, options.offset ?? 0)}`;
  const raw = rowsOf<
    RawRow & {
      dealer: string | null;
      required_roles: number;
      filled_roles: number;
      last_review_at: string | null;
      reviewer: string | null;
    }
  >(
    await database.execute(sql`
      select nl.brand_id, nl.region_code, nl.dealer_id, nl.location_id, o.name, d.name as dealer,
        1 as locations, (nl.filled_roles >= nl.required_roles)::int as complete,
        (${overdueSql(options.now, options.periodDays)})::int as review_overdue,
        nl.required_roles, nl.filled_roles, nl.last_review_at, r.first_name || ' ' || r.last_name as reviewer,
        f.active, f.never_signed_in, f.dormant, f.due_soon, f.integration_errors
      ${from} where ${where}
      order by d.name nulls last, o.name, nl.location_id${page}`),
  );
  return {
    total: Number(total),
    rows: raw.map((row) => ({
      ...rowOf(row),
      dealer: row.dealer,
      requiredRoles: Number(row.required_roles),
      filledRoles: Number(row.filled_roles),
      lastReviewAt: row.last_review_at ? new Date(row.last_review_at) : null,
      reviewer: row.reviewer,
    })),
  };
}
