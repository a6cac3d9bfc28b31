import type { Actor, OrganizationProfile } from "./actor";
import { sql, type SQL } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { withComputedActions } from "~/required-actions/rules";
import { profileParts } from "./profile-parts";
import { computeAccessData, type AccessData, type AssignmentRow } from "~/permissions/access-data";
import { portalScopeOf, type PortalScope } from "~/permissions/admin-levels";
import type { TimeZones } from "./actor";
import { rowsOf } from "~/db/sql-list";

export interface AccessProfile {
  userType: "internal" | "external";
  role: "admin" | "regular";
  webRoles: string[];
  /** The assigned organizations' business kinds and contracts, for application targeting. */
  organizations: OrganizationProfile[];
  /** Applications flagged "requires assignment" an administrator assigned to the user. */
  assignedApplicationIds: number[];
  access: AccessData;
  /** Where the user administers the portal: the brands and regions of their OEM organizations (ADR 29). */
  portalScope: PortalScope;
  /** The user's own time zone and their location's (issue #33), each an IANA name or none. */
  timeZones: TimeZones;
}

interface ProfileIdentity {
  employeeNumber: string | null;
  directoryGroups: string[];
  requiredActions: string[];
  status: "active" | "inactive";
  userType: "internal" | "external";
  role: "admin" | "regular";
  webRoles: string[];
  assignedApplications: number[];
  /** When the current sign-in began (a review may ask again at the next one). */
  signedInAt: string | null;
  timeZone: string | null;
  /** The features' parts, each under its key (profile-parts.ts). */
  [part: string]: unknown;
}

type ProfileAssignment = AssignmentRow & {
  isPreferred: boolean;
  timeZone: string | null;
  organizationType: string;
  contractTypes: string[];
  contractCodes: string[];
};

/** What `profileColumns` selects, as the driver returns it. */
export interface ProfileColumns {
  profile_identity: ProfileIdentity | null;
  profile_assignments: ProfileAssignment[];
}

/**
 * The select-list giving an identity's access profile: the identity and its role assignments as
 * JSON, each with the features of its role and the role's children, transitively (a cycle in
 * the data ends the walk). One statement, read on every request: a role's change holds at once.
 * `signedInAt` is the session's start when read with it (else the identity's last sign-in).
 */
export function profileColumns(identityId: SQL, signedInAt?: SQL): SQL {
  return sql`
    (select json_build_object(
        'employeeNumber', i.employee_number, 'directoryGroups', i.directory_groups,
        'requiredActions', i.required_actions, 'status', i.status, 'userType', i.user_type,
        'role', i.role, 'webRoles', i.web_roles,
        'assignedApplications', (select coalesce(array_agg(ua.application_id), '{}'::int[])
          from user_applications ua where ua.identity_id = i.id),
        'signedInAt', coalesce(${signedInAt ?? sql`null::timestamptz`}, i.last_login_at),
        'timeZone', i.time_zone
        ${sql.join(
          profileParts().profile.map((part) => sql`, ${sql.raw(`'${part.key}'`)}, ${part.select(sql`i.id`)}`),
          sql``,
        )})
      from identities i where i.id = ${identityId}) as profile_identity,
    (select coalesce(json_agg(json_build_object(
        'roleFeatures', (
          with recursive granted(id) as (
            select ra.security_role_id
            union
            select c.child_id from security_role_children c join granted g on c.parent_id = g.id
          )
          select coalesce(array_agg(distinct f.feature), '{}'::text[])
          from granted g
          join security_roles gr on gr.id = g.id
          cross join lateral unnest(gr.features) as f(feature)),
        'organizationId', o.id, 'organizationName', o.name, 'organizationKind', o.type,
        'brandId', b.id, 'brandName', b.name, 'regionCode', o.region_code,
        'organizationType', o.organization_type, 'contractTypes', o.contract_types,
        'contractCodes', o.contract_codes, 'isPreferred', ra.is_preferred, 'timeZone', o.time_zone)), '[]'::json)
      from role_assignments ra
      join organizations o on o.id = ra.organization_id
      join brands b on b.id = o.brand_id
      where ra.identity_id = ${identityId}) as profile_assignments`;
}

/**
 * The access profile from what `profileColumns` selected. Null when the identity is unknown or
 * inactive — unless `evenInactive` asks what an inactive one would hold (an administrator's view).
 */
export function accessProfileFrom(
  columns: ProfileColumns,
  options: { evenInactive?: boolean } = {},
): AccessProfile | null {
  const identity = columns.profile_identity;
  if (!identity || (identity.status !== "active" && !options.evenInactive)) return null;
  const rows = columns.profile_assignments;
  return {
    userType: identity.userType,
    role: identity.role,
    webRoles: identity.webRoles,
    organizations: rows.map(({ organizationType, contractTypes, contractCodes }) => ({
      organizationType,
      contractTypes,
      contractCodes,
    })),
    assignedApplicationIds: identity.assignedApplications ?? [],
    access: withRequiredActions(computeAccessData(identity, rows, getConfig().OIDC_IDP_SHORT_NAME), identity),
    portalScope: portalScopeOf(rows),
    timeZones: { preference: identity.timeZone ?? null, location: locationTimeZoneOf(rows) },
  };
}

/** The zone of the user's preferred location, else of the first location that has one. */
function locationTimeZoneOf(rows: readonly Pick<ProfileAssignment, "isPreferred" | "timeZone">[]): string | null {
  return (rows.find((row) => row.isPreferred && row.timeZone) ?? rows.find((row) => row.timeZone))?.timeZone ?? null;
}

/** The stored required actions plus those the features' parts ask for now. */
function withRequiredActions(access: AccessData, identity: ProfileIdentity): AccessData {
  const reader = {
    features: access.features,
    signedInAt: identity.signedInAt ? new Date(identity.signedInAt) : null,
    now: new Date(),
  };
  const computed = profileParts().profile.flatMap((part) => part.requiredActions(identity[part.key] as never, reader));
  if (computed.length === 0) return access;
  return { ...access, requiredActions: withComputedActions(access.requiredActions, computed) };
}

/** Loads an identity's access data from its roles, locations and brands. Null when unknown or inactive. */
export async function loadAccessProfile(
  database: Executor,
  identityId: number,
  options: { evenInactive?: boolean } = {},
): Promise<AccessProfile | null> {
  const result = await database.execute(sql`select ${profileColumns(sql`${identityId}::int`)}`);
  const [row] = rowsOf<ProfileColumns>(result);
  return accessProfileFrom(row, options);
}

export async function loadAccessData(database: Executor, identityId: number): Promise<AccessData | null> {
  return (await loadAccessProfile(database, identityId))?.access ?? null;
}

/** The acting user services receive, from an identity's access profile. */
export function actorFrom(identityId: number, profile: AccessProfile): Actor {
  const { access, portalScope, userType, role, webRoles, organizations, assignedApplicationIds, timeZones } = profile;
  return {
    identityId,
    userType,
    access,
    portalScope,
    profile: { role, webRoles, organizations, assignedApplicationIds, timeZones },
  };
}
