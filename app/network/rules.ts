import { DAY_MS } from "~/limits";
import type { PortalScope } from "~/permissions/admin-levels";

/** Issue #40 §1: what a figure of the dashboard counts; each links to the locations behind it. */
export const NETWORK_NEEDS = [
  "incomplete",
  "reviewOverdue",
  "neverSignedIn",
  "dormant",
  "dueSoon",
  "integrationErrors",
] as const;
export type NetworkNeed = (typeof NETWORK_NEEDS)[number];

/** One row of the dashboard's table: a brand in a region, a dealer, or a location, with its figures. */
export interface NetworkRow {
  brandId: number;
  regionCode: string;
  dealerId: number | null;
  locationId: number | null;
  /** The dealer's or the location's name; null for a brand in a region (translated by the page). */
  name: string | null;
  locations: number;
  complete: number;
  reviewOverdue: number;
  active: number;
  neverSignedIn: number;
  dormant: number;
  dueSoon: number;
  integrationErrors: number;
}

/** A user is dormant after this many days without a sign-in (issue #40 §1). */
export const DORMANT_AFTER_DAYS = 90;

/** Where the dashboard stands: the whole network in scope, one brand in one region, or one dealer. */
export type NetworkLevel =
  | { kind: "network" }
  | { kind: "brandRegion"; brandId: number; regionCode: string }
  | { kind: "dealer"; brandId: number; regionCode: string; dealerId: number };

const BRAND = /^[1-9]\d{0,4}$/;
const REGION = /^[A-Z]{2,8}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The level the URL asks for, inside the holder's scope; anything else is the whole network. */
export function networkLevelOf(params: URLSearchParams, scope: PortalScope): NetworkLevel {
  const brand = params.get("brandId") ?? "";
  const region = params.get("region") ?? "";
  if (!BRAND.test(brand) || !REGION.test(region)) return { kind: "network" };
  const brandId = Number(brand);
  if (!withinScope(scope, brandId, region)) return { kind: "network" };
  const dealer = params.get("dealer") ?? "";
  if (ID.test(dealer) && Number(dealer) <= 2_147_483_647)
    return { kind: "dealer", brandId, regionCode: region, dealerId: Number(dealer) };
  return { kind: "brandRegion", brandId, regionCode: region };
}

/** The need a list of locations is filtered by, or none. */
export function networkNeedOf(params: URLSearchParams): NetworkNeed | null {
  const need = params.get("need");
  return NETWORK_NEEDS.find((known) => known === need) ?? null;
}

/** Whether a brand and region are the holder's: a brand of their OEM organizations in one of their regions. */
export function withinScope(scope: PortalScope, brandId: number, regionCode: string): boolean {
  return scope.brandIds.includes(brandId) && scope.regionCodes.includes(regionCode);
}

/** A location's directory is complete when every required role has a holder (none required: complete). */
export function directoryComplete(location: { requiredRoles: number; filledRoles: number }): boolean {
  return location.filledRoles >= location.requiredRoles;
}

/**
 * How many whole days a location's security review is overdue: 0 while it is not (reviewed within
 * the period), null when it never was reviewed (overdue with no date to count from).
 */
export function reviewDaysOverdue(lastReviewAt: Date | null, now: Date, periodDays: number): number | null {
  if (!lastReviewAt) return null;
  const overdueFor = now.getTime() - lastReviewAt.getTime() - periodDays * DAY_MS;
  return overdueFor > 0 ? Math.max(1, Math.floor(overdueFor / DAY_MS)) : 0;
}

/** Whether a location's review is overdue: never reviewed, or last confirmed longer ago than the period. */
export function reviewOverdue(lastReviewAt: Date | null, now: Date, periodDays: number): boolean {
  return reviewDaysOverdue(lastReviewAt, now, periodDays) !== 0;
}

/** A share as a whole percentage, 100 when there is nothing to count. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 100 : Math.round((part / whole) * 100);
}
