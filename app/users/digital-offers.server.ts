import { asc, eq, inArray } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { Executor } from "~/db/client.server";
import {
  brands,
  identities,
  organizations,
  permissionSetRoles,
  permissionSets,
  securityRoleChildren,
  securityRoles,
} from "~/db/schema";
import { computeAccessData } from "~/permissions/access-data";
import { grantedFeatures, type RoleNode } from "~/security-roles/rules";
import { applicationVisibleTo, type TargetingSubject } from "~/applications/targeting";
import { applicationCatalogue, localizedTexts } from "~/applications/applications.server";
import { rolesIn, shownSets, userApplicationIds, type DigitalOffers, type OfferedSet } from "./digital-access";
import { draftOfUser, type UserDraft } from "./draft";
import type { ManagedUser } from "./users.server";

/** The features the draft's roles grant (their own and their children's). */
async function featuresOf(database: Executor, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const [roles, children] = await Promise.all([
    database.select({ id: securityRoles.id, features: securityRoles.features }).from(securityRoles),
    database.select().from(securityRoleChildren),
  ]);
  const nodes = new Map<number, RoleNode>(
    roles.map((role) => [
      role.id,
      {
        id: role.id,
        features: role.features,
        children: children.filter((c) => c.parentId === role.id).map((c) => c.childId),
      },
    ]),
  );
  return grantedFeatures(roleIds, nodes);
}

/**
 * What the user being edited would be offered with the draft's locations and roles (issue #14
 * §4): the applications their access makes available (targeting as the launcher applies it,
 * ignoring the assignment flag) and every permission set with its roles. `subjectId` 0: a new user.
 */
export async function digitalOffers(
  database: Executor,
  subjectId: number,
  draft: UserDraft,
  locale: string,
): Promise<DigitalOffers> {
  const [features, locations, [identity], catalogue, sets, setRoles] = await Promise.all([
    featuresOf(database, draft.roles),
    draft.locations.length
      ? database
          .select({
            organizationId: organizations.id,
            organizationName: organizations.name,
            organizationKind: organizations.type,
            brandId: brands.id,
            brandName: brands.name,
            regionCode: organizations.regionCode,
            organizationType: organizations.organizationType,
            contractTypes: organizations.contractTypes,
            contractCodes: organizations.contractCodes,
          })
          .from(organizations)
          .innerJoin(brands, eq(brands.id, organizations.brandId))
          .where(inArray(organizations.id, draft.locations))
      : [],
    subjectId
      ? database
          .select({
            employeeNumber: identities.employeeNumber,
            directoryGroups: identities.directoryGroups,
            webRoles: identities.webRoles,
          })
          .from(identities)
          .where(eq(identities.id, subjectId))
      : [undefined],
    applicationCatalogue(database),
    database.select().from(permissionSets).orderBy(asc(permissionSets.displayName), asc(permissionSets.id)),
    database
      .select({
        setId: permissionSetRoles.permissionSetId,
        roleId: permissionSetRoles.securityRoleId,
        name: securityRoles.displayName,
      })
      .from(permissionSetRoles)
      .innerJoin(securityRoles, eq(securityRoles.id, permissionSetRoles.securityRoleId))
      .orderBy(asc(permissionSetRoles.sortOrder), asc(securityRoles.displayName)),
  ]);
  const access = computeAccessData(
    {
      employeeNumber: identity?.employeeNumber ?? null,
      directoryGroups: identity?.directoryGroups ?? [],
      requiredActions: [],
    },
    locations.map((location) => ({ ...location, roleFeatures: features })),
    getConfig().OIDC_IDP_SHORT_NAME,
  );
  const unique = (values: string[]) => [...new Set(values)];
  const subject: TargetingSubject = {
    brandIds: access.brands.map((brand) => brand.id),
    regions: access.regions,
    webRoles: identity?.webRoles ?? [],
    organizationTypes: unique(locations.map((l) => l.organizationType)),
    contractTypes: unique(locations.flatMap((l) => l.contractTypes)),
    contractCodes: unique(locations.flatMap((l) => l.contractCodes)),
    userType: draft.contact.userType,
    role: draft.contact.role,
    features: access.features,
    assignedApplicationIds: null,
  };
  return {
    applications: catalogue
      .filter((app) => applicationVisibleTo(app, subject))
      .map((app) => ({
        id: app.id,
        name: localizedTexts(app, locale).name,
        requiresAssignment: app.requiresAssignment,
      })),
    sets: sets.map((set): OfferedSet => {
      const options = setRoles.filter((row) => row.setId === set.id).map((row) => ({ id: row.roleId, name: row.name }));
      return {
        id: set.id,
        name: set.name,
        displayName: set.displayName,
        required: set.required,
        selectionMode: set.selectionMode,
        applicationId: set.applicationId,
        roleIds: options.map((option) => option.id),
        options,
      };
    }),
  };
}

/** What a saved user sees and holds, by name: their applications (assigned ones marked) and their choice in each set shown. */
export async function heldDigitalAccess(database: Executor, user: ManagedUser, locale: string) {
  const offers = await digitalOffers(database, user.id, draftOfUser(user), locale);
  const mine = new Set(userApplicationIds(offers, user.applicationIds));
  return {
    applications: offers.applications
      .filter((app) => mine.has(app.id))
      .map((app) => ({ id: app.id, name: app.name, assigned: app.requiresAssignment })),
    sets: shownSets(offers, user.applicationIds).map((set) => ({
      id: set.id,
      name: set.displayName,
      required: set.required,
      chosen: set.options.filter((option) => rolesIn(user.permissions, set.id).includes(option.id)).map((o) => o.name),
    })),
  };
}
