import { asc, eq, inArray } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { brands, identities, organizations, roleAssignments } from "~/db/schema";
import { applicationCatalogue, localizedTexts, targetingSubjectOf } from "~/applications/applications.server";
import { targetingChecks } from "~/applications/targeting";
import { actorFrom, loadAccessProfile } from "~/permissions/access-profile.server";
import { featureGrants } from "~/security-roles/feature-grants";
import { roleGraph } from "~/security-roles/security-roles.server";
import { screenVerdicts } from "~/navigation/admin-links";
import type { EffectiveAccess } from "./effective-access";

/** The effective access of a user (the caller checked the administrator manages them). Null: no such user. */
export async function effectiveAccessOf(
  database: Executor,
  identityId: number,
  locale: string,
): Promise<EffectiveAccess | null> {
  const [identity] = await database
    .select({
      status: identities.status,
      employeeNumber: identities.employeeNumber,
      directoryGroups: identities.directoryGroups,
    })
    .from(identities)
    .where(eq(identities.id, identityId));
  if (!identity) return null;
  const [held, graph, catalogue] = await Promise.all([
    database
      .select({
        roleId: roleAssignments.securityRoleId,
        organizationId: organizations.id,
        organizationName: organizations.name,
        organizationKind: organizations.type,
      })
      .from(roleAssignments)
      .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
      .where(eq(roleAssignments.identityId, identityId))
      .orderBy(asc(organizations.name), asc(roleAssignments.securityRoleId)),
    roleGraph(database),
    applicationCatalogue(database),
  ]);
  const features = featureGrants(held, graph, identity, getConfig().OIDC_IDP_SHORT_NAME);
  // The verdicts read the profile the guards read; an inactive user's as if active.
  const profile = await loadAccessProfile(database, identityId, { evenInactive: true });
  if (!profile) return null;
  const subject = targetingSubjectOf(actorFrom(identityId, profile));
  const brandIds = profile.access.brands.map((brand) => brand.id);
  const ofTheirBrands = catalogue.filter((app) => brandIds.includes(app.brandId));
  const brandNames = new Map(
    (
      await (ofTheirBrands.length === 0
        ? []
        : database.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds)))
    ).map((brand) => [brand.id, brand.name]),
  );
  return {
    active: identity.status === "active",
    features,
    applications: ofTheirBrands.map((app) => {
      const checks = targetingChecks(app, subject);
      return {
        id: app.id,
        name: localizedTexts(app, locale).name,
        brandName: brandNames.get(app.brandId) ?? "",
        regionCode: app.regionCode,
        visible: checks.every((check) => check.holds),
        checks,
      };
    }),
    screens: screenVerdicts(profile.access.features),
  };
}
