import { F } from "./features";

/**
 * Two levels of administration (ADR 29): a role's features count where the role is held. Held at
 * the equipment maker's own organization (an OEM organization, type `internal`) every feature
 * counts, and the portal-wide ones reach that organization's brands and regions; held at a
 * dealer's location the portal-wide ones do not count at all, and the rest reach only that
 * dealer's locations.
 */
export const PORTAL_WIDE_FEATURES: readonly string[] = [
  F.securityRolesWrite,
  F.permissionSetsWrite,
  F.applicationsWrite,
  F.announcementsWrite,
  F.documentsWrite,
  F.integrationStatusRead,
  F.networkRead,
];

/** The kinds of organization a role can be held at. */
export type OrganizationKind = "dealer" | "location" | "internal";

/** Whether an organization is the equipment maker's own: roles held there administer the portal. */
export function isOemOrganization(kind: OrganizationKind): boolean {
  return kind === "internal";
}

/** The features of a role that count where it is held: all at an OEM organization, the dealer-level ones elsewhere. */
export function featuresThatCount(kind: OrganizationKind, roleFeatures: readonly string[]): string[] {
  if (isOemOrganization(kind)) return [...roleFeatures];
  return roleFeatures.filter((feature) => !PORTAL_WIDE_FEATURES.includes(feature));
}

/** Where a portal-wide administrator's power reaches: the brands and regions of their OEM organizations. */
export interface PortalScope {
  brandIds: number[];
  regionCodes: string[];
}

export const NO_PORTAL_SCOPE: PortalScope = { brandIds: [], regionCodes: [] };

/** Whether the actor administers the portal: they hold a role at an OEM organization, so they have a portal scope. */
export function isPortalWide(scope: PortalScope): boolean {
  return scope.brandIds.length > 0;
}

/** The portal scope of an identity's role assignments: the brands and regions of those held at OEM organizations. */
export function portalScopeOf(
  assignments: readonly { organizationKind: OrganizationKind; brandId: number; regionCode: string }[],
): PortalScope {
  const brands = new Set<number>();
  const regions = new Set<string>();
  for (const row of assignments) {
    if (!isOemOrganization(row.organizationKind)) continue;
    brands.add(row.brandId);
    regions.add(row.regionCode);
  }
  return { brandIds: [...brands].sort((a, b) => a - b), regionCodes: [...regions].sort() };
}

/** Whether every brand named is inside the scope (content may be targeted only within one's brands). */
export function brandsWithinScope(scope: PortalScope, brandIds: readonly number[]): boolean {
  return brandIds.every((id) => scope.brandIds.includes(id));
}
