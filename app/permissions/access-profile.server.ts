import type { OrganizationProfile } from "./actor";
import { sql, type SQL } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { securityReviewStateSql } from "~/attestation/last-review.server";
import type { Executor } from "~/db/client.server";
import { F } from "~/permissions/features";
import { adminAttestationIsRequired, withComputedActions, type RequiredAction } from "~/required-actions/rules";
import {
  DIRECTORY_CONTEXTS,
  DIRECTORY_REVIEW_ACTIONS,
  directoryReviewIsDue,
  type DirectoryContext,
} from "~/directory/rules";
import { computeAccessData, type AccessData, type AssignmentRow } from "~/permissions/access-data";
import { portalScopeOf, type PortalScope } from "~/permissions/admin-levels";

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
  /** The identity's locations and their last confirmed security review as a whole (the oldest location's). */
  securityReview: { locations: number; lastReviewAt: string | null };
  /** When the current sign-in began (the singular-roles review asks again at the next one). */
  signedInAt: string | null;
  /** The directory contexts where a location of the identity has a required, unfilled role, with their review state. */
  directoryReviews: { context: DirectoryContext; lastReviewedAt: string | null; reminderClosedAt: string | null }[];
}

type ProfileAssignment = AssignmentRow & {
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
        'securityReview', ${securityReviewStateSql(sql`i.id`)},
        'signedInAt', coalesce(${signedInAt ?? sql`null::timestamptz`}, i.last_login_at),
        'directoryReviews', (select coalesce(json_agg(json_build_object('context', c.context,
            'lastReviewedAt', s.last_reviewed_at, 'reminderClosedAt', s.reminder_closed_at)), '[]'::json)
          from (select distinct dc.context from directory_configurations dc
              where exists (select 1 from organizations o
                join directory_items di on di.configuration_id = dc.id and di.required
                where o.brand_id = dc.brand_id and o.type = 'location'
                  and o.id in (select ra.organization_id from role_assignments ra where ra.identity_id = i.id)
                  and not exists (select 1 from directory_assignments da
                    where da.item_id = di.id and da.organization_id = o.id))) c
          left join directory_review_states s on s.identity_id = i.id and s.context = c.context))
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
        'contractCodes', o.contract_codes)), '[]'::json)
      from role_assignments ra
      join organizations o on o.id = ra.organization_id
      join brands b on b.id = o.brand_id
      where ra.identity_id = ${identityId}) as profile_assignments`;
}

/** The access profile from what `profileColumns` selected. Null when the identity is unknown or inactive. */
export function accessProfileFrom(columns: ProfileColumns): AccessProfile | null {
  const identity = columns.profile_identity;
  if (!identity || identity.status !== "active") return null;
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
  };
}

/** The stored required actions plus those computed now: a due security review, due directory reviews. */
function withRequiredActions(access: AccessData, identity: ProfileIdentity): AccessData {
  const review = identity.securityReview;
  const now = new Date();
  const managesUsers = access.features.includes(F.usersWrite);
  const computed: RequiredAction[] = [];
  const attestation = adminAttestationIsRequired({
    managesUsers,
    locationCount: review.locations,
    lastReviewAt: review.lastReviewAt ? new Date(review.lastReviewAt) : null,
    now,
    periodDays: getConfig().ATTESTATION_PERIOD_DAYS,
  });
  if (attestation) computed.push("adminAttestation");
  for (const context of DIRECTORY_CONTEXTS) {
    const state = managesUsers ? (identity.directoryReviews ?? []).find((r) => r.context === context) : undefined;
    const due =
      state !== undefined &&
      directoryReviewIsDue({
        context,
        anyLocationNeedsAttention: true,
        lastReviewedAt: dateOrNull(state.lastReviewedAt),
        reminderClosedAt: dateOrNull(state.reminderClosedAt),
        signedInAt: dateOrNull(identity.signedInAt),
        now,
      });
    if (due) computed.push(DIRECTORY_REVIEW_ACTIONS[context]);
  }
  if (computed.length === 0) return access;
  return { ...access, requiredActions: withComputedActions(access.requiredActions, computed) };
}

function dateOrNull(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

/** Loads an identity's access data from its roles, locations and brands. Null when unknown or inactive. */
export async function loadAccessProfile(database: Executor, identityId: number): Promise<AccessProfile | null> {
  const result = await database.execute(sql`select ${profileColumns(sql`${identityId}::int`)}`);
  const [row] = (result as unknown as { rows: ProfileColumns[] }).rows;
  return accessProfileFrom(row);
}

export async function loadAccessData(database: Executor, identityId: number): Promise<AccessData | null> {
  return (await loadAccessProfile(database, identityId))?.access ?? null;
}
