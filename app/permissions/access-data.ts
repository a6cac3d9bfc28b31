import { featuresThatCount, isOemOrganization, type OrganizationKind } from "./admin-levels";
import { derivedFeatures } from "./derived-features";
import { F } from "./features";

/** The user's access data (SPEC §3), as GET /api/v2/user/ui-access-data serves it. */
export interface AccessData {
  brands: { id: number; name: string }[];
  regions: string[];
  workspaces: { id: number; name: string }[];
  features: string[];
  requiredActions: string[];
}

/**
 * SPEC §8 "No Active Organization Assigned": whether the user holds a role at an organization of a
 * brand. Without one they see no applications, announcements or locations, and are told why.
 */
export function hasActiveOrganization(access: Pick<AccessData, "brands" | "workspaces">): boolean {
  return access.brands.length > 0 && access.workspaces.length > 0;
}

export interface AssignmentRow {
  roleFeatures: readonly string[];
  organizationId: number;
  organizationName: string;
  /** Where the role is held: an OEM organization (`internal`) or a dealer's. */
  organizationKind: OrganizationKind;
  brandId: number;
  brandName: string;
  regionCode: string;
}

/**
 * Access data from an identity and its role assignments: features are the union over the
 * roles of those that count where each is held (ADR 29) plus the derived ones; brands, regions
 * and workspaces come from the assigned organizations.
 */
export function computeAccessData(
  identity: { employeeNumber: string | null; directoryGroups: readonly string[]; requiredActions: readonly string[] },
  assignments: readonly AssignmentRow[],
  idpShortName: string,
): AccessData {
  const features = new Set<string>();
  const brands = new Map<number, string>();
  const regions = new Set<string>();
  const workspaces = new Map<number, string>();
  for (const row of assignments) {
    featuresThatCount(row.organizationKind, row.roleFeatures).forEach((f) => features.add(f));
    if (isOemOrganization(row.organizationKind)) features.add(F.portalScope);
    brands.set(row.brandId, row.brandName);
    regions.add(row.regionCode);
    workspaces.set(row.organizationId, row.organizationName);
  }
  derivedFeatures(identity, idpShortName).forEach((f) => features.add(f));
  return {
    brands: [...brands].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    regions: [...regions].sort(),
    workspaces: [...workspaces].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    features: [...features].sort(),
    requiredActions: [...identity.requiredActions],
  };
}
