import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { announcementReads, announcements } from "~/db/schema";
import type { PortalUser } from "~/auth/user.server";
import { announcementVisibleTo, compareAnnouncements, DEFAULT_DISPLAY_LOCATION, splitByRead, unreadCountsByBrand } from "~/announcements/rules";

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
}

export interface UserAnnouncements {
  /** Visible to the user now, for any of their brands, in feed order. */
  visible: AnnouncementRow[];
  readIds: Set<number>;
}

function audienceOf(user: PortalUser, locale: string) {
  return { locale, brandIds: user.access.brands.map((b) => b.id), regions: user.access.regions, webRoles: user.profile.webRoles };
}

/** The announcements a user sees now (live, language, brands, regions, roles) and which they have read. */
export async function loadUserAnnouncements(database: Database, user: PortalUser, locale: string, now = new Date(), displayLocationCode = DEFAULT_DISPLAY_LOCATION): Promise<UserAnnouncements> {
  const candidates = await database
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.language, locale),
        eq(announcements.displayLocationCode, displayLocationCode),
        lte(announcements.startDate, now),
        gt(announcements.expirationDate, now),
      ),
    );
  const audience = audienceOf(user, locale);
  const visible = candidates.filter((a) => announcementVisibleTo(a, audience, now, displayLocationCode)).sort(compareAnnouncements);
  if (visible.length === 0) return { visible, readIds: new Set() };
  const reads = await database.select({ id: announcementReads.announcementId }).from(announcementReads).where(eq(announcementReads.identityId, user.identityId));
  return { visible, readIds: new Set(reads.map((r) => r.id)) };
}

/** Unread counts per brand of the user, and the number of distinct unread announcements. */
export function unreadSummary(user: PortalUser, data: UserAnnouncements) {
  const byBrand = unreadCountsByBrand(data.visible, data.readIds, user.access.brands.map((b) => b.id));
  const total = data.visible.filter((a) => !data.readIds.has(a.id)).length;
  return { byBrand, total };
}

function toFeedItem(row: AnnouncementRow, internal: boolean): FeedItem {
  return {
    id: row.id,
    title: row.title,
    description: internal && row.description ? row.description : null,
    content: row.content,
    priority: row.priority,
    linkUrl: row.linkUrl,
    startDate: row.startDate.toISOString(),
    brandIds: row.brandIds,
  };
}

/** The feed of one brand (the current theme), split into unread and read. */
export function feedForBrand(user: PortalUser, data: UserAnnouncements, brandId: number) {
  const internal = user.userType === "internal";
  const items = data.visible.filter((a) => a.brandIds.includes(brandId)).map((a) => toFeedItem(a, internal));
  return splitByRead(items, data.readIds);
}

/** Marks an announcement read for the user, only when it is one they can see. */
export async function markAnnouncementRead(database: Database, user: PortalUser, announcementId: number, locale: string, now = new Date()): Promise<AnnouncementRow | null> {
  const { visible } = await loadUserAnnouncements(database, user, locale, now);
  const target = visible.find((a) => a.id === announcementId);
  if (!target) return null;
  await database.insert(announcementReads).values({ identityId: user.identityId, announcementId }).onConflictDoNothing();
  return target;
}
