import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { rowsOf, sqlList } from "~/db/sql-list";
import { DEFAULT_DISPLAY_LOCATION } from "~/limits";
import type { Actor } from "~/permissions/actor";
import { dealerLocationsOfSql } from "~/permissions/dealer-locations.server";
import { F } from "~/permissions/features";

/*
 * Issue #40 §3: who an announcement that must be acknowledged reaches, and who read and
 * acknowledged it, per dealership and location. The maker's network managers see counts within
 * their brands and regions; a dealer's own administrators see their locations with names.
 */

/**
 * Whether identity `i` is in announcement `a`'s audience: `announcementVisibleTo` in SQL, without
 * its clock — active, in the announcement's language (the one the portal opens in for them), on
 * the portal's home, one of its brands and one of its regions where they hold a role (the
 * identity's own `brand_ids` and `region_codes`, kept by triggers: one row per user at a million),
 * and — when the announcement names roles — one of their web security roles.
 */
export const TARGETED = sql`i.status = 'active' and i.preferred_language = a.language
  and a.display_location_code = ${DEFAULT_DISPLAY_LOCATION}
  and (cardinality(a.roles) = 0 or i.web_roles && a.roles)
  and i.brand_ids && a.brand_ids and i.region_codes && a.region_codes`;

/** Who reads the receipts: counts within a brand and region scope, names at the dealer locations they administer. */
export interface ReceiptViewer {
  identityId: number;
  /** The maker's view (admin:network:read): counts for the locations of these brands and regions. */
  counts: { brandIds: readonly number[]; regionCodes: readonly string[] } | null;
  /** A dealer's administrator (admin:users:write): their own locations, with names. */
  names: boolean;
}

export function receiptViewerOf(actor: Actor): ReceiptViewer {
  const features = actor.access.features;
  return {
    identityId: actor.identityId,
    counts: features.includes(F.networkRead) ? actor.portalScope : null,
    names: features.includes(F.usersWrite),
  };
}

/** The locations `o` whose users the viewer may count. */
function countedLocations(viewer: ReceiptViewer): SQL {
  const parts: SQL[] = [];
  if (viewer.counts)
    parts.push(
      sql`(o.brand_id in ${sqlList(viewer.counts.brandIds)} and o.region_code in ${sqlList(viewer.counts.regionCodes)})`,
    );
  if (viewer.names) parts.push(namedLocations(viewer));
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** The locations `o` whose users the viewer may see by name: those they administer as a dealer's administrator. */
function namedLocations(viewer: ReceiptViewer): SQL {
  return viewer.names ? sql`o.id in (${dealerLocationsOfSql(viewer.identityId)})` : sql`false`;
}

/**
 * Whether announcement `a` has receipts: it asks for acknowledgement and has started (a scheduled
 * one, an embargoed recall, is nobody's to read yet).
 */
const WITH_RECEIPTS = sql`a.requires_acknowledgement and a.start_date <= now()`;

/** The targeted users at the viewer's locations, one row per user and location, with their read and acknowledgement. */
function audienceAt(viewer: ReceiptViewer, announcementId: SQL | number): SQL {
  return sql`from announcements a
    join organizations o on o.type = 'location' and ${countedLocations(viewer)}
    left join organizations d on d.id = o.parent_id
    join role_assignments ra on ra.organization_id = o.id
    join identities i on i.id = ra.identity_id
    left join announcement_reads r on r.announcement_id = a.id and r.identity_id = i.id
    left join announcement_acknowledgements k on k.announcement_id = a.id and k.identity_id = i.id
    where a.id = ${announcementId} and ${WITH_RECEIPTS} and ${TARGETED}`;
}

export interface ReceiptCounts {
  targeted: number;
  read: number;
  acknowledged: number;
}

/** An announcement that must be acknowledged, as the receipts name it. */
export interface ReceiptAnnouncement {
  id: number;
  title: string;
  language: string;
  startDate: Date;
  expirationDate: Date;
}

/** An announcement that must be acknowledged, with its totals over the viewer's locations. */
export interface AcknowledgementSummary extends ReceiptAnnouncement, ReceiptCounts {}

const ANNOUNCEMENT_COLUMNS = sql`a.id, a.title, a.language, a.start_date, a.expiration_date`;

interface AnnouncementColumns {
  id: number;
  title: string;
  language: string;
  start_date: string;
  expiration_date: string;
}

function announcementOf(row: AnnouncementColumns): ReceiptAnnouncement {
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    startDate: new Date(row.start_date),
    expirationDate: new Date(row.expiration_date),
  };
}

const COUNTS = sql`count(distinct i.id)::int as targeted, count(distinct r.identity_id)::int as read,
  count(distinct k.identity_id)::int as acknowledged`;

/**
 * The announcements that must be acknowledged and reach anyone at the viewer's locations, newest
 * first, each with its totals there.
 */
export async function acknowledgementSummaries(
  database: Executor,
  viewer: ReceiptViewer,
): Promise<AcknowledgementSummary[]> {
  const rows = rowsOf<AnnouncementColumns & ReceiptCounts>(
    await database.execute(sql`select ${ANNOUNCEMENT_COLUMNS}, ${COUNTS}
      ${audienceAt(viewer, sql`a.id`)}
      group by a.id order by a.start_date desc, a.id desc`),
  );
  return rows.map((row) => ({
    ...announcementOf(row),
    targeted: row.targeted,
    read: row.read,
    acknowledged: row.acknowledged,
  }));
}

/**
 * Whether the announcement has receipts the viewer may read: it reaches someone at their locations.
 * The first such user answers (the editor's link), not a count of the whole audience.
 */
export async function hasReceiptsFor(database: Executor, viewer: ReceiptViewer, announcementId: number) {
  return rowsOf(await database.execute(sql`select 1 ${audienceAt(viewer, announcementId)} limit 1`)).length > 0;
}

/** One row of the receipt report: a location (with its dealer), a dealer's subtotal, or the total. */
export interface ReceiptRow extends ReceiptCounts {
  level: "location" | "dealer" | "total";
  dealerId: number | null;
  dealer: string | null;
  locationId: number | null;
  location: string | null;
  /** Whether the viewer may see who, at this location, read and acknowledged. */
  named: boolean;
}

export interface ReceiptReport {
  announcement: ReceiptAnnouncement;
  /** Dealers in name order, each followed by its locations, the total last. */
  rows: ReceiptRow[];
}

/**
 * The receipt report of one announcement over the viewer's locations: per dealer and location,
 * targeted, read and acknowledged (a user counted once however many of their locations are in
 * view). Null when it does not ask for acknowledgement or reaches nobody there.
 */
export async function acknowledgementReceipts(
  database: Executor,
  viewer: ReceiptViewer,
  announcementId: number,
): Promise<ReceiptReport | null> {
  const [announcement] = rowsOf<AnnouncementColumns>(
    await database.execute(
      sql`select ${ANNOUNCEMENT_COLUMNS} from announcements a where a.id = ${announcementId} and ${WITH_RECEIPTS}`,
    ),
  );
  if (!announcement) return null;
  // One pass: the total (the empty grouping set) is the summary; it reaches nobody here when it counts no one.
  const rows = rowsOf<{
    dealer_id: number | null;
    dealer: string | null;
    location_id: number | null;
    location: string | null;
    grouped_location: number;
    grouped_dealer: number;
    named: boolean;
    targeted: number;
    read: number;
    acknowledged: number;
  }>(
    await database.execute(sql`select d.id as dealer_id, d.name as dealer, o.id as location_id, o.name as location,
        grouping(o.id) as grouped_location, grouping(d.id) as grouped_dealer,
        bool_or(${namedLocations(viewer)}) as named, ${COUNTS}
      ${audienceAt(viewer, announcementId)}
      group by grouping sets ((d.id, d.name, o.id, o.name), (d.id, d.name), ())
      order by grouping(d.id), d.name nulls last, d.id, grouping(o.id) desc, o.name, o.id`),
  );
  if (!rows.some((row) => row.grouped_dealer && row.targeted > 0)) return null;
  return {
    announcement: announcementOf(announcement),
    rows: rows.map((row) => ({
      level: row.grouped_dealer ? "total" : row.grouped_location ? "dealer" : "location",
      dealerId: row.dealer_id,
      dealer: row.dealer,
      locationId: row.grouped_location ? null : row.location_id,
      location: row.grouped_location ? null : row.location,
      named: !row.grouped_location && row.named,
      targeted: row.targeted,
      read: row.read,
      acknowledged: row.acknowledged,
    })),
  };
}

/** A targeted user at a location, and when they read and acknowledged (null: not yet). */
export interface ReceiptPerson {
  id: number;
  name: string;
  email: string;
  readAt: Date | null;
  acknowledgedAt: Date | null;
}

/**
 * Who, at one location the viewer administers as a dealer's administrator, the announcement
 * reaches, and whether they read and acknowledged it; null at any other location (the maker's
 * managers see counts, not names).
 */
export async function acknowledgementPeople(
  database: Executor,
  viewer: ReceiptViewer,
  announcementId: number,
  locationId: number,
): Promise<{ location: string; people: ReceiptPerson[] } | null> {
  if (!viewer.names) return null;
  const rows = rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    location: string;
    read_at: string | null;
    acknowledged_at: string | null;
  }>(
    await database.execute(sql`select distinct i.id, i.first_name, i.last_name, i.email, o.name as location,
        r.read_at, k.acknowledged_at
      ${audienceAt(viewer, announcementId)} and o.id = ${locationId} and ${namedLocations(viewer)}
      order by i.last_name, i.first_name, i.id`),
  );
  const named = await database.execute(
    sql`select o.name from organizations o where o.id = ${locationId} and o.type = 'location' and ${namedLocations(viewer)}`,
  );
  const [place] = rowsOf<{ name: string }>(named);
  if (!place) return null;
  return {
    location: place.name,
    people: rows.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      readAt: row.read_at ? new Date(row.read_at) : null,
      acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at) : null,
    })),
  };
}
