import { F } from "~/permissions/features";
import type { FeatureRule } from "~/security/feature-rule";

/**
 * What an API client may be given (issue #35 §3): per area of the API, read or write, each
 * mapped to the feature strings the API's guards read. Write includes read.
 */
export const API_CLIENT_AREAS = {
  users: { read: [F.usersRead], write: [F.usersWrite, F.usersEdit] },
  securityRoles: { read: [F.securityRolesRead], write: [F.securityRolesWrite] },
  permissionSets: { read: [F.permissionSetsRead], write: [F.permissionSetsWrite] },
  announcements: { read: [F.announcementsRead], write: [F.announcementsWrite] },
} as const satisfies Record<string, { read: readonly string[]; write: readonly string[] }>;

export type ApiClientArea = keyof typeof API_CLIENT_AREAS;

/**
 * A SCIM connection (issue #36): the scope that opens `/scim/v2` — it provisions users, so it
 * stands for the users area's read and write features.
 */
export const SCIM_SCOPE = "scim";
export type ApiClientScope = `${ApiClientArea}:${"read" | "write"}` | typeof SCIM_SCOPE;

export const API_CLIENT_SCOPES: readonly ApiClientScope[] = [
  ...(Object.keys(API_CLIENT_AREAS) as ApiClientArea[]).flatMap(
    (area) => [`${area}:read`, `${area}:write`] as ApiClientScope[],
  ),
  SCIM_SCOPE,
];

export function isApiClientScope(value: string): value is ApiClientScope {
  return (API_CLIENT_SCOPES as readonly string[]).includes(value);
}

/** The features a scope stands for (a write scope: the area's read features too). */
export function featuresOfScope(scope: ApiClientScope): string[] {
  if (scope === SCIM_SCOPE) return featuresOfScope("users:write");
  const [area, level] = scope.split(":") as [ApiClientArea, "read" | "write"];
  const { read, write } = API_CLIENT_AREAS[area];
  return level === "write" ? [...read, ...write] : [...read];
}

/**
 * A client's features: its scopes' features that its creator holds now (a client never exceeds
 * its creator, and loses what the creator loses), and where the creator administers the portal
 * the marker of it, which portal-wide guards read.
 */
export function featuresOfClient(creatorFeatures: readonly string[], scopes: readonly string[]): string[] {
  const held = new Set(creatorFeatures);
  const features = new Set<string>();
  for (const scope of scopes) {
    if (!isApiClientScope(scope)) continue;
    for (const feature of featuresOfScope(scope)) if (held.has(feature)) features.add(feature);
  }
  if (features.size > 0 && held.has(F.portalScope)) features.add(F.portalScope);
  return [...features].sort();
}

/** The scopes an administrator may give a client: those that would give it something they hold themselves. */
export function scopesOffered(creatorFeatures: readonly string[]): ApiClientScope[] {
  const held = new Set(creatorFeatures);
  return API_CLIENT_SCOPES.filter((scope) => {
    if (scope === SCIM_SCOPE) return API_CLIENT_AREAS.users.write.every((feature) => held.has(feature));
    const [area, level] = scope.split(":") as [ApiClientArea, "read" | "write"];
    const own = API_CLIENT_AREAS[area][level];
    return own.some((feature) => held.has(feature));
  });
}

/** The requested scopes the administrator may not give (none: the request stands). */
export function scopesRefused(requested: readonly string[], creatorFeatures: readonly string[]): string[] {
  const offered = new Set<string>(scopesOffered(creatorFeatures));
  return requested.filter((scope) => !offered.has(scope));
}

/** The requested locations outside the administrator's own (none: the request stands). */
export function locationsRefused(requested: readonly number[], creatorLocations: readonly number[]): number[] {
  const own = new Set(creatorLocations);
  return requested.filter((id) => !own.has(id));
}

/**
 * Whether an API client may call an operation guarded by the rule: only one that a feature
 * grants. An operation for any signed-in person (their profile, their notifications) acts on
 * that person, and a client is none.
 */
export function clientMayCall(rule: FeatureRule): boolean {
  return (rule.all?.length ?? 0) > 0 || (rule.any?.length ?? 0) > 0;
}

/** Whose count an API call goes to: an API client's own (a busy integration does not use up its creator's), else the person's. */
export function rateLimitKeyOf(caller: { identityId: number; apiClient?: { id: number } }): string {
  return caller.apiClient ? `client:${caller.apiClient.id}` : String(caller.identityId);
}

/** Whether a client's scopes open the SCIM service. */
export function opensScim(scopes: readonly string[]): boolean {
  return scopes.includes(SCIM_SCOPE);
}
