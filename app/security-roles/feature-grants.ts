import { featuresThatCount, isOemOrganization, type OrganizationKind } from "~/permissions/admin-levels";
import { derivedFeatures } from "~/permissions/derived-features";
import { F } from "~/permissions/features";
import type { RoleNode } from "./rules";

/** A security role as the grants name it: the hierarchy's node with its display name. */
export type NamedRoleNode = RoleNode & { name: string };

/** A role held at an organization. */
export interface HeldRole {
  roleId: number;
  organizationId: number;
  organizationName: string;
  organizationKind: OrganizationKind;
}

/** Where a feature comes from (issue #39 "why this access"). */
export type FeatureSource =
  /** A role held at an organization; `chain` runs from the held role through its children to the one that names the feature. */
  | { kind: "role"; organizationName: string; organizationKind: OrganizationKind; chain: readonly string[] }
  /** Derived: a role held at an OEM organization gives the portal scope (ADR 29). */
  | { kind: "oemOrganization"; organizationName: string }
  /** Derived from identity data (SPEC §6). */
  | { kind: "employeeNumber" }
  | { kind: "directoryGroup"; group: string };

export interface FeatureGrant {
  feature: string;
  /** Where it is held, each place once. Empty: the feature is not held. */
  sources: FeatureSource[];
  /** Roles that name it where it does not count (a portal-wide feature at a dealer's location). */
  notCounted: FeatureSource[];
}

/**
 * A role's features with the chain to each, through its children (a feature is reached by the
 * shortest chain; a cycle in the data ends the walk): `grantedFeatures` with the way to each.
 */
export function roleFeatureChains(roleId: number, roles: ReadonlyMap<number, NamedRoleNode>): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const start = roles.get(roleId);
  if (!start) return chains;
  const seen = new Set([roleId]);
  let level: { role: NamedRoleNode; chain: string[] }[] = [{ role: start, chain: [start.name] }];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { role, chain } of level) {
      for (const feature of role.features) if (!chains.has(feature)) chains.set(feature, chain);
      for (const childId of role.children) {
        const child = roles.get(childId);
        if (!child || seen.has(childId)) continue;
        seen.add(childId);
        next.push({ role: child, chain: [...chain, child.name] });
      }
    }
    level = next;
  }
  return chains;
}

/**
 * Every feature a user holds with where it comes from, and those their roles name where they do
 * not count. The verdict is `computeAccessData`'s: the same `featuresThatCount`, the OEM scope and
 * `derivedFeatures`.
 */
export function featureGrants(
  held: readonly HeldRole[],
  roles: ReadonlyMap<number, NamedRoleNode>,
  identity: { employeeNumber: string | null; directoryGroups: readonly string[] },
  idpShortName: string,
): FeatureGrant[] {
  const grants = new Map<string, FeatureGrant>();
  const grantOf = (feature: string) => {
    let grant = grants.get(feature);
    if (!grant) grants.set(feature, (grant = { feature, sources: [], notCounted: [] }));
    return grant;
  };
  for (const place of held) {
    const chains = roleFeatureChains(place.roleId, roles);
    const counted = new Set(featuresThatCount(place.organizationKind, [...chains.keys()]));
    for (const [feature, chain] of chains) {
      const source: FeatureSource = {
        kind: "role",
        organizationName: place.organizationName,
        organizationKind: place.organizationKind,
        chain,
      };
      (counted.has(feature) ? grantOf(feature).sources : grantOf(feature).notCounted).push(source);
    }
    if (isOemOrganization(place.organizationKind))
      grantOf(F.portalScope).sources.push({ kind: "oemOrganization", organizationName: place.organizationName });
  }
  for (const feature of derivedFeatures(identity, idpShortName)) {
    const group = feature === F.serialNumberPresent ? null : feature.slice(idpShortName.length + 1);
    grantOf(feature).sources.push(group === null ? { kind: "employeeNumber" } : { kind: "directoryGroup", group });
  }
  return [...grants.values()].sort((a, b) => a.feature.localeCompare(b.feature));
}

/** The features a user holds, from their grants. */
export function heldFeatures(grants: readonly FeatureGrant[]): string[] {
  return grants.filter((grant) => grant.sources.length > 0).map((grant) => grant.feature);
}
