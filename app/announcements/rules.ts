import { DEFAULT_DISPLAY_LOCATION } from "~/limits";
/** Priorities (SPEC §9), highest first. */
export const PRIORITIES = ["highest", "medium", "lowest"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface AnnouncementTargeting {
  id: number;
  title: string;
  language: string;
  displayLocationCode: string;
  priority: Priority;
  startDate: Date;
  expirationDate: Date;
  roles: readonly string[];
  brandIds: readonly number[];
  regionCodes: readonly string[];
}

export interface AnnouncementAudience {
  locale: string;
  brandIds: readonly number[];
  regions: readonly string[];
  webRoles: readonly string[];
}

/** Live: start ≤ now < expiration. */
export function isLive(a: Pick<AnnouncementTargeting, "startDate" | "expirationDate">, now: Date): boolean {
  return a.startDate.getTime() <= now.getTime() && now.getTime() < a.expirationDate.getTime();
}

const shares = <T>(wanted: readonly T[], held: readonly T[]) =>
  wanted.length === 0 || wanted.some((v) => held.includes(v));

/**
 * Whether a user sees an announcement: live, in their language, at the display location, for one
 * of their brands and regions, and — when roles are set — for one of their web security roles.
 */
export function announcementVisibleTo(
  a: AnnouncementTargeting,
  audience: AnnouncementAudience,
  now: Date,
  displayLocationCode = DEFAULT_DISPLAY_LOCATION,
): boolean {
  return (
    isLive(a, now) &&
    a.language === audience.locale &&
    a.displayLocationCode === displayLocationCode &&
    a.brandIds.some((b) => audience.brandIds.includes(b)) &&
    a.regionCodes.some((r) => audience.regions.includes(r)) &&
    shares(a.roles, audience.webRoles)
  );
}

/** An announcement's state in the management list: live, scheduled (starts later) or expired. */
export function announcementStatus(a: Pick<AnnouncementTargeting, "startDate" | "expirationDate">, now: Date) {
  return isLive(a, now) ? "live" : a.startDate > now ? "scheduled" : "expired";
}

/** A date as the day it falls on (UTC), as date inputs and lists show it. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** SPEC §2: priority (highest first), equal priorities alphabetically by title. */
export function compareAnnouncements(
  a: Pick<AnnouncementTargeting, "priority" | "title">,
  b: Pick<AnnouncementTargeting, "priority" | "title">,
): number {
  return PRIORITIES.indexOf(a.priority) - PRIORITIES.indexOf(b.priority) || a.title.localeCompare(b.title);
}

/** SPEC §2: unread and read views, split by the list of read ids. */
export function splitByRead<T extends { id: number }>(
  items: readonly T[],
  readIds: ReadonlySet<number>,
): { unread: T[]; read: T[] } {
  return { unread: items.filter((i) => !readIds.has(i.id)), read: items.filter((i) => readIds.has(i.id)) };
}

/** Unread announcements per brand: for each of the user's brands, how many unread ones target it. */
export function unreadCountsByBrand(
  items: readonly Pick<AnnouncementTargeting, "id" | "brandIds">[],
  readIds: ReadonlySet<number>,
  brandIds: readonly number[],
): Record<number, number> {
  const counts: Record<number, number> = Object.fromEntries(brandIds.map((b) => [b, 0]));
  for (const item of items) {
    if (readIds.has(item.id)) continue;
    for (const brand of item.brandIds) if (brand in counts) counts[brand] += 1;
  }
  return counts;
}

/** A comma-joined query value (SPEC §7 `brands`, `regionCode`, collection ids) as its trimmed, non-empty parts. */
export function commaJoined(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The notifications a request asks for: of what the user sees, those for one of the requested
 * brands and one of the requested regions. An empty request list narrows nothing.
 */
export function narrowToRequested<T extends Pick<AnnouncementTargeting, "brandIds" | "regionCodes">>(
  items: readonly T[],
  requested: { brandIds: readonly number[]; regionCodes: readonly string[] },
): T[] {
  return items.filter(
    (a) =>
      (requested.brandIds.length === 0 || a.brandIds.some((b) => requested.brandIds.includes(b))) &&
      (requested.regionCodes.length === 0 || a.regionCodes.some((r) => requested.regionCodes.includes(r))),
  );
}
