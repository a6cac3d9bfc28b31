import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { distributionLists, organizations, roleAssignments, securityRoleAssigners, securityRoles } from "~/db/schema";
import { assignableRoleIds, changeWithin } from "./assignable";
import type { UserDraft } from "./draft";
import { locationIdsOf } from "~/permissions/dealer-locations.server";
import { permissionsWithin } from "./digital-access";
import { featuresThatCount, isPortalWide } from "~/permissions/admin-levels";
import { grantedFeatures } from "~/security-roles/rules";
import { roleGraph } from "~/security-roles/security-roles.server";
import { loadAccessData } from "~/permissions/access-profile.server";

/**
 * What the administrator may give — in the editor, the API, SCIM, a bulk import and a copy alike:
 * their own locations and the roles they may assign.
 */
export interface EditorChoices {
  locations: { id: number; name: string }[];
  roles: { id: number; displayName: string; excludeFromCopyUser: boolean }[];
}

/** The actor's locations and assignable roles, by name. */
export async function editorChoices(database: Executor, actor: Actor): Promise<EditorChoices> {
  const own = await locationIdsOf(database, actor.identityId);
  const [locations, roles, assigners, held, graph] = await Promise.all([
    own.length
      ? database
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, own))
          .orderBy(asc(sql`lower(${organizations.name})`))
      : [],
    database
      .select({
        id: securityRoles.id,
        displayName: securityRoles.displayName,
        excludeFromCopyUser: securityRoles.excludeFromCopyUser,
      })
      .from(securityRoles)
      .orderBy(asc(sql`lower(${securityRoles.displayName})`)),
    database.select().from(securityRoleAssigners),
    database
      .selectDistinct({ id: roleAssignments.securityRoleId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, actor.identityId)),
    roleGraph(database),
  ]);
  // Where a dealer's administrator places a role (their own locations), portal-wide features do not count.
  const placedAt = isPortalWide(actor.portalScope) ? "internal" : "location";
  const assignable = new Set(
    assignableRoleIds(
      roles.map((role) => ({
        id: role.id,
        assignerIds: assigners.filter((a) => a.roleId === role.id).map((a) => a.assignerId),
        grants: featuresThatCount(placedAt, grantedFeatures([role.id], graph)),
      })),
      { roleIds: held.map((h) => h.id), features: await giverFeatures(database, actor) },
    ),
  );
  return { locations, roles: roles.filter((role) => assignable.has(role.id)) };
}

/**
 * The features that bound what may be given: the person's own. An API client (a SCIM connection)
 * holds only its scopes' features, but gives roles for its creator, within what the creator holds.
 */
async function giverFeatures(database: Executor, actor: Actor): Promise<readonly string[]> {
  if (!actor.apiClient) return actor.access.features;
  return (await loadAccessData(database, actor.identityId))?.features ?? [];
}

/**
 * Whether a draft gives only what the administrator may give: locations of their own and roles
 * they may assign (added or removed; what was there before may stay). A forged post fails this.
 */
export function draftWithinChoices(before: UserDraft | null, draft: UserDraft, choices: EditorChoices): boolean {
  return (
    changeWithin(before?.locations ?? [], draft.locations, new Set(choices.locations.map((l) => l.id))) &&
    changeWithin(before?.roles ?? [], draft.roles, new Set(choices.roles.map((r) => r.id))) &&
    permissionsWithin(before?.permissions ?? [], draft.permissions, new Set(choices.roles.map((r) => r.id)))
  );
}

/** The names of a draft's locations and roles the administrator may not give (they stay as they are). */
export async function keptNames(
  database: Executor,
  draft: UserDraft,
  choices: EditorChoices,
): Promise<{ locations: string[]; roles: string[] }> {
  const locationIds = draft.locations.filter((id) => !choices.locations.some((location) => location.id === id));
  const roleIds = draft.roles.filter((id) => !choices.roles.some((role) => role.id === id));
  const [locations, roles] = await Promise.all([
    locationIds.length
      ? database.select({ name: organizations.name }).from(organizations).where(inArray(organizations.id, locationIds))
      : [],
    roleIds.length
      ? database
          .select({ name: securityRoles.displayName })
          .from(securityRoles)
          .where(inArray(securityRoles.id, roleIds))
      : [],
  ]);
  return { locations: locations.map((l) => l.name), roles: roles.map((r) => r.name) };
}

/**
 * The distribution lists offered to a user at these locations: lists without brands, and those
 * of the locations' brands (as a user's own preferences page offers them), named in `locale`.
 */
export async function offeredLists(
  database: Executor,
  locationIds: readonly number[],
  locale: string,
): Promise<{ id: number; name: string }[]> {
  const brands = locationIds.length
    ? await database
        .selectDistinct({ id: organizations.brandId })
        .from(organizations)
        .where(inArray(organizations.id, [...locationIds]))
    : [];
  const lists = await database
    .select()
    .from(distributionLists)
    .orderBy(asc(distributionLists.sortOrder), asc(distributionLists.id));
  const brandIds = brands.map((b) => b.id);
  return lists
    .filter((list) => list.brandIds.length === 0 || list.brandIds.some((id) => brandIds.includes(id)))
    .map((list) => ({ id: list.id, name: (list.translations[locale] ?? list.translations.en).name }));
}

/** The names of distribution lists in `locale` (English where it has none), in their order. */
export async function listNames(database: Executor, ids: readonly number[], locale: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const lists = await database
    .select()
    .from(distributionLists)
    .where(inArray(distributionLists.id, [...ids]))
    .orderBy(asc(distributionLists.sortOrder), asc(distributionLists.id));
  return lists.map((list) => (list.translations[locale] ?? list.translations.en).name);
}
