import { and, arrayOverlaps, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { acknowledgedAnnouncementIdsOf, forgetReadAnnouncementIds, readAnnouncementIdsOf } from "./reads.server";
import type { Database } from "~/db/client.server";
import {
  announcementAcknowledgements,
  announcementReads,
  announcements,
  brands,
  identities,
  regions,
} from "~/db/schema";
import type { Actor } from "~/permissions/actor";
import type { SortType } from "~/lists/table-state";
import {
  announcementVisibleTo,
  compareFeedItems,
  countsAsUnread,
  narrowToRequested,
  PRIORITIES,
  splitByRead,
  unreadCountsByBrand,
} from "~/announcements/rules";
import { DEFAULT_DISPLAY_LOCATION } from "~/limits";
import { LOCALES } from "~/i18n/locale";
import { sanitizeAnnouncementHtml } from "~/announcements/sanitize";
import type { AnnouncementInput } from "~/announcements/schema";
// The API's record is the editor's form too (form-values.ts); the API's routes find it with the service.
export { announcementRecord } from "~/announcements/form-values";
import { auditedRecord, recordWrites } from "~/audit/audited-record.server";
import { containsPattern } from "~/lists/list-query";
import { queriedList, type ListQuery } from "~/lists/list-reader.server";
import {
  BRAND_NOT_YOURS,
  catalogueListedTo,
  catalogueWritableWithin,
  listedBrandsOf,
  type BrandNotYours,
  type CatalogueReader,
} from "~/permissions/catalogue-scope";

export type AnnouncementRow = typeof announcements.$inferSelect;

/** What the feed shows of an announcement; the description only for internal users. */
export interface FeedItem {
  id: number;
  title: string;
  description: string | null;
  content: string;
  priority: AnnouncementRow["priority"];
  linkUrl: string;
  startDate: string;
  brandIds: number[];
  /** Issue #40 §3: the user confirms "I have read this"; `acknowledged` once they have. */
  requiresAcknowledgement: boolean;
  acknowledged: boolean;
}

export interface UserAnnouncements {
  /** Visible to the user now, for any of their brands, in feed order. */
  visible: AnnouncementRow[];
  readIds: Set<number>;
  /** Of those that must be acknowledged, the ones the user has. */
  acknowledgedIds: Set<number>;
}

function audienceOf(user: Actor, locale: string) {
  return {
    locale,
    brandIds: user.access.brands.map((b) => b.id),
    regions: user.access.regions,
    webRoles: user.profile.webRoles,
  };
}

/** The cache name of the unexpired-announcements catalogue (ADR 8). */
export const ANNOUNCEMENTS_CATALOGUE = "announcements";

/** Announcements not yet expired at `now`: the candidates of every feed (who sees which is decided per user). */
export function unexpiredAnnouncements(database: Database, now = new Date()): Promise<AnnouncementRow[]> {
  return database.select().from(announcements).where(gt(announcements.expirationDate, now));
}

/**
 * The announcements a user sees now (live, language, display location, brands, regions, roles)
 * and which they have read. `candidates` are unexpired announcements (read now when not given).
 */
export async function loadUserAnnouncements(
  database: Database,
  actor: Actor,
  locale: string,
  now = new Date(),
  displayLocationCode = DEFAULT_DISPLAY_LOCATION,
  candidates?: readonly AnnouncementRow[],
): Promise<UserAnnouncements> {
  const rows = candidates ?? (await unexpiredAnnouncements(database, now));
  const audience = audienceOf(actor, locale);
  const visible = rows.filter((a) => announcementVisibleTo(a, audience, now, displayLocationCode));
  if (visible.length === 0) return { visible, readIds: new Set(), acknowledgedIds: new Set() };
  const [readIds, acknowledgedIds] = await Promise.all([
    readAnnouncementIdsOf(database, actor.identityId),
    visible.some((a) => a.requiresAcknowledgement)
      ? acknowledgedAnnouncementIdsOf(database, actor.identityId)
      : new Set<number>(),
  ]);
  return { visible: visible.sort(compareFeedItems(acknowledgedIds)), readIds, acknowledgedIds };
}

/** Unread counts per brand of the user, and the number of distinct unread announcements. */
export function unreadSummary(actor: Actor, data: UserAnnouncements) {
  const byBrand = unreadCountsByBrand(
    data.visible,
    data.readIds,
    actor.access.brands.map((b) => b.id),
    data.acknowledgedIds,
  );
  const total = data.visible.filter((a) => countsAsUnread(a, data.readIds, data.acknowledgedIds)).length;
  return { byBrand, total };
}

function toFeedItem(row: AnnouncementRow, internal: boolean, acknowledgedIds: ReadonlySet<number>): FeedItem {
  return {
    id: row.id,
    title: row.title,
    description: internal && row.description ? row.description : null,
    content: row.content,
    priority: row.priority,
    linkUrl: row.linkUrl,
    startDate: row.startDate.toISOString(),
    brandIds: row.brandIds,
    requiresAcknowledgement: row.requiresAcknowledgement,
    acknowledged: row.requiresAcknowledgement && acknowledgedIds.has(row.id),
  };
}

/** The feed of one brand (the current theme), split into unread and read. */
export function feedForBrand(actor: Actor, data: UserAnnouncements, brandId: number) {
  const internal = actor.userType === "internal";
  const items = data.visible
    .filter((a) => a.brandIds.includes(brandId))
    .map((a) => toFeedItem(a, internal, data.acknowledgedIds));
  return splitByRead(items, data.readIds, data.acknowledgedIds);
}

/** A notification of `GET /api/v2/user/notifications`: the feed item, its read state and its brands by name (SPEC §3). */
export interface NotificationItem extends Omit<FeedItem, "brandIds"> {
  read: boolean;
  brands: { id: number; name: string }[];
}

/** SPEC §7 notifications: what the user sees at a display location, narrowed to the requested brands and regions. */
export async function notificationsFor(
  database: Database,
  actor: Actor,
  locale: string,
  request: { displayLocationCode: string; brandIds: number[]; regionCodes: string[] },
  now = new Date(),
): Promise<NotificationItem[]> {
  const data = await loadUserAnnouncements(database, actor, locale, now, request.displayLocationCode);
  const internal = actor.userType === "internal";
  const brandName = new Map(actor.access.brands.map((b) => [b.id, b.name]));
  return narrowToRequested(data.visible, request).map((row) => {
    const { brandIds, ...item } = toFeedItem(row, internal, data.acknowledgedIds);
    return {
      ...item,
      read: data.readIds.has(row.id),
      brands: brandIds.filter((id) => brandName.has(id)).map((id) => ({ id, name: brandName.get(id)! })),
    };
  });
}

/** The announcement, when the actor sees it now; else null. */
async function seenByActor(database: Database, actor: Actor, announcementId: number, locale: string, now: Date) {
  const { visible } = await loadUserAnnouncements(database, actor, locale, now);
  return visible.find((a) => a.id === announcementId) ?? null;
}

/** Marks an announcement read for the user, only when it is one they can see. */
export async function markAnnouncementRead(
  database: Database,
  actor: Actor,
  announcementId: number,
  locale: string,
  now = new Date(),
): Promise<AnnouncementRow | null> {
  const target = await seenByActor(database, actor, announcementId, locale, now);
  if (!target) return null;
  await database
    .insert(announcementReads)
    .values({ identityId: actor.identityId, announcementId })
    .onConflictDoNothing();
  forgetReadAnnouncementIds(actor.identityId);
  return target;
}

/**
 * "I have read this" (issue #40 §3): only for an announcement the user sees that asks for it;
 * it counts as read too. Null when there is none such (nothing changes).
 */
export async function acknowledgeAnnouncement(
  database: Database,
  actor: Actor,
  announcementId: number,
  locale: string,
  now = new Date(),
): Promise<AnnouncementRow | null> {
  const target = await seenByActor(database, actor, announcementId, locale, now);
  if (!target?.requiresAcknowledgement) return null;
  await database.transaction(async (tx) => {
    await tx
      .insert(announcementAcknowledgements)
      .values({ identityId: actor.identityId, announcementId, acknowledgedAt: now })
      .onConflictDoNothing();
    await tx
      .insert(announcementReads)
      .values({ identityId: actor.identityId, announcementId, readAt: now })
      .onConflictDoNothing();
  });
  forgetReadAnnouncementIds(actor.identityId);
  return target;
}

// ---- administration ----------------------------------------------------------------------

/** The management list's sortable columns (SPEC §3 Table state); priority sorts by rank, not by name. */
export const ANNOUNCEMENT_SORTS = ["title", "language", "priority", "startDate", "expirationDate"] as const;
export type AnnouncementSort = (typeof ANNOUNCEMENT_SORTS)[number];

export interface AnnouncementListOptions {
  query?: string;
  range?: { from?: Date; to?: Date };
  page?: number;
  rowsPerPage?: number;
  sortBy?: AnnouncementSort;
  sortType?: SortType;
}

/** Announcements with one of these brands (none for no brands). */
function withOneOfBrands(brandIds: number[]) {
  return brandIds.length > 0 ? arrayOverlaps(announcements.brandIds, brandIds) : sql`false`;
}

function announcementListQuery(actor: CatalogueReader, options: AnnouncementListOptions): ListQuery {
  const query = options.query?.trim() ?? "";
  const conditions: (SQL | undefined)[] = [withOneOfBrands(listedBrandsOf(actor))];
  if (query) {
    const pattern = containsPattern(query);
    conditions.push(or(ilike(announcements.title, pattern), ilike(announcements.description, pattern)));
  }
  if (options.range?.to) conditions.push(lt(announcements.startDate, options.range.to));
  if (options.range?.from) conditions.push(gt(announcements.expirationDate, options.range.from));
  const column = {
    title: sql`lower(${announcements.title})`,
    language: announcements.language,
    priority: sql`array_position(array['highest','medium','lowest']::text[], ${announcements.priority})`,
    startDate: announcements.startDate,
    expirationDate: announcements.expirationDate,
  }[options.sortBy ?? "startDate"];
  const direction = (options.sortType ?? (options.sortBy ? "asc" : "desc")) === "asc" ? asc : desc;
  return { where: and(...conditions), order: [direction(column), asc(announcements.id)] };
}

/** The filtered list the actor may see, in its order. */
const announcementList = queriedList(announcements, announcementListQuery);

/**
 * A page of announcements for management: those listed to the actor (one of their brands: the
 * portal's, or a reader's own), searched in title and description, within a date range, sorted.
 */
export const listAnnouncements = announcementList.page;

/** Every announcement of the filtered list the actor sees, in its order (the CSV export). */
export const everyListedAnnouncement = announcementList.every;

/** Announcements by id, in the order asked (unknown ids, and those not listed to the actor, are left out). */
export async function announcementsByIds(
  database: Database,
  actor: Actor,
  ids: readonly number[],
): Promise<AnnouncementRow[]> {
  if (ids.length === 0) return [];
  const rows = await database
    .select()
    .from(announcements)
    .where(inArray(announcements.id, [...ids]));
  const byId = new Map(rows.filter((r) => catalogueListedTo(actor, r.brandIds)).map((r) => [r.id, r]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** What an announcement may hold: priorities, languages, display locations, brands, regions and role options. */
export async function announcementDefinitions(database: Database) {
  const [brandRows, regionRows, locationRows, identityRoles, announcementRoles] = await Promise.all([
    database.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id),
    database.select({ code: regions.code, name: regions.name }).from(regions).orderBy(regions.code),
    database.selectDistinct({ code: announcements.displayLocationCode }).from(announcements),
    database.selectDistinct({ roles: identities.webRoles }).from(identities),
    database.selectDistinct({ roles: announcements.roles }).from(announcements),
  ]);
  const roles = new Set([...identityRoles, ...announcementRoles].flatMap((r) => r.roles));
  return {
    priorities: [...PRIORITIES],
    languages: [...LOCALES],
    displayLocationCodes: [...new Set([DEFAULT_DISPLAY_LOCATION, ...locationRows.map((r) => r.code)])].sort(),
    brands: brandRows,
    regions: regionRows,
    roles: [...roles].sort((a, b) => a.localeCompare(b)),
  };
}

/** One announcement, when it is listed to the actor; otherwise null, as an unknown id. */
export async function getAnnouncement(database: Database, actor: Actor, id: number): Promise<AnnouncementRow | null> {
  const [row] = await database.select().from(announcements).where(eq(announcements.id, id));
  return row && catalogueListedTo(actor, row.brandIds) ? row : null;
}

const AUDITED = [
  "title",
  "description",
  "content",
  "language",
  "displayLocationCode",
  "priority",
  "linkUrl",
  "startDate",
  "expirationDate",
  "roles",
  "brandIds",
  "regionCodes",
  "requiresAcknowledgement",
] as const;

const dayStart = (value: string) => new Date(`${value}T00:00:00Z`);

function announcementValues(input: AnnouncementInput) {
  return {
    title: input.title,
    description: input.description,
    content: sanitizeAnnouncementHtml(input.content),
    language: input.language,
    displayLocationCode: input.displayLocationCode,
    priority: input.priority,
    linkUrl: input.linkUrl,
    startDate: dayStart(input.startDate),
    expirationDate: dayStart(input.expirationDate),
    roles: [...new Set(input.roles)],
    brandIds: [...new Set(input.brandIds)].sort(),
    regionCodes: [...new Set(input.regionCodes)].sort(),
    requiresAcknowledgement: input.requiresAcknowledgement,
  };
}

/** Why a save is refused beyond the stamp: a brand chosen is not the editor's. */
export type AnnouncementRefusal = BrandNotYours;

/**
 * How the actor saves announcements: within their portal scope (one whose brands are not all
 * theirs is missing for them, new brands not theirs refused), each write bumping the catalogue.
 */
export const announcementWrites = recordWrites(
  auditedRecord<typeof announcements, AnnouncementInput, ReturnType<typeof announcementValues>, AnnouncementRefusal>(
    (actor) => ({
      entity: "announcement",
      table: announcements,
      idColumn: announcements.id,
      catalogue: ANNOUNCEMENTS_CATALOGUE,
      keepsEditor: true,
      columns: announcementValues,
      reaches: (row) => catalogueWritableWithin(actor.portalScope, row.brandIds),
      scopeRefusal: (input) => (catalogueWritableWithin(actor.portalScope, input.brandIds) ? null : BRAND_NOT_YOURS),
      audited: announcementValues,
      fields: AUDITED,
    }),
  ),
);

/** Creates an announcement for brands all within the actor's portal scope; otherwise refuses and writes nothing. */
export const createAnnouncement = announcementWrites.create;

/**
 * Saves when the posted stamp is current and the brands, before and after, are all within the
 * editor's portal scope. One whose brands are not all theirs is missing for them; new brands not
 * theirs are refused; a stale stamp is a conflict. Each changes nothing.
 */
export const updateAnnouncement = announcementWrites.update;

/** Deletes an announcement whose brands are all the actor's; false when there is none such (nothing changes). */
export const deleteAnnouncement = announcementWrites.remove;
