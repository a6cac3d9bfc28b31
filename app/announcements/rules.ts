import { DAY_MS, DEFAULT_DISPLAY_LOCATION } from "~/limits";
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

/**
 * SPEC §2: unread and read views, split by the list of read ids; one that must be acknowledged
 * stays unread until it is (issue #40 §3).
 */
export function splitByRead<T extends Acknowledgeable>(
  items: readonly T[],
  readIds: ReadonlySet<number>,
  acknowledgedIds: ReadonlySet<number> = new Set(),
): { unread: T[]; read: T[] } {
  const unread = (i: T) => countsAsUnread(i, readIds, acknowledgedIds);
  return { unread: items.filter(unread), read: items.filter((i) => !unread(i)) };
}

/** Unread announcements per brand: for each of the user's brands, how many unread ones target it. */
export function unreadCountsByBrand(
  items: readonly (Pick<AnnouncementTargeting, "id" | "brandIds"> & Acknowledgeable)[],
  readIds: ReadonlySet<number>,
  brandIds: readonly number[],
  acknowledgedIds: ReadonlySet<number> = new Set(),
): Record<number, number> {
  const counts: Record<number, number> = Object.fromEntries(brandIds.map((b) => [b, 0]));
  for (const item of items) {
    if (!countsAsUnread(item, readIds, acknowledgedIds)) continue;
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

// ---- acknowledgements (issue #40 §3) -----------------------------------------------------

/** How many reminders a targeted user gets at most for an announcement they have not acknowledged. */
export const MAX_ACKNOWLEDGEMENT_REMINDERS = 2;

/** An announcement as acknowledgement sees it (one without the flag needs none). */
export interface Acknowledgeable {
  id: number;
  requiresAcknowledgement?: boolean;
}

/** Whether an announcement still waits for the user's "I have read this". */
export function awaitsAcknowledgement(a: Acknowledgeable, acknowledgedIds: ReadonlySet<number>): boolean {
  return a.requiresAcknowledgement === true && !acknowledgedIds.has(a.id);
}

/**
 * Whether an announcement is in the unread view: not read, or — when it must be acknowledged —
 * not acknowledged, even when opened (it stays until the user confirms).
 */
export function countsAsUnread(
  a: Acknowledgeable,
  readIds: ReadonlySet<number>,
  acknowledgedIds: ReadonlySet<number>,
): boolean {
  return !readIds.has(a.id) || awaitsAcknowledgement(a, acknowledgedIds);
}

/**
 * The feed's order: announcements awaiting the user's acknowledgement first, then SPEC §2's
 * order (priority, then title).
 */
export function compareFeedItems(
  acknowledgedIds: ReadonlySet<number>,
): (
  a: Pick<AnnouncementTargeting, "priority" | "title"> & Acknowledgeable,
  b: Pick<AnnouncementTargeting, "priority" | "title"> & Acknowledgeable,
) => number {
  return (a, b) =>
    Number(awaitsAcknowledgement(b, acknowledgedIds)) - Number(awaitsAcknowledgement(a, acknowledgedIds)) ||
    compareAnnouncements(a, b);
}

/**
 * Whether a reminder is due to a user who has not acknowledged: at most two, the first `days`
 * after the announcement went live, the second `days` after the first.
 */
export function acknowledgementReminderDue(
  reminders: { sent: number; lastSentAt: Date | null },
  startDate: Date,
  now: Date,
  days: number,
): boolean {
  if (reminders.sent >= MAX_ACKNOWLEDGEMENT_REMINDERS) return false;
  const since = reminders.sent === 0 || !reminders.lastSentAt ? startDate : reminders.lastSentAt;
  return now.getTime() - since.getTime() >= days * DAY_MS;
}
