import type { OrganizationProfile } from "./actor";
import { eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import { brands, identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { computeAccessData, type AccessData } from "~/permissions/access-data";

export interface AccessProfile {
  userType: "internal" | "external";
  role: "admin" | "regular";
  webRoles: string[];
  /** The assigned organizations' business kinds and contracts, for application targeting. */
  organizations: OrganizationProfile[];
  access: AccessData;
}

/** Loads an identity's access data from its roles, locations and brands. Null when unknown or inactive. */
export async function loadAccessProfile(database: Database, identityId: number): Promise<AccessProfile | null> {
  const [identity] = await database
    .select({
      employeeNumber: identities.employeeNumber,
      directoryGroups: identities.directoryGroups,
      requiredActions: identities.requiredActions,
      status: identities.status,
      userType: identities.userType,
      role: identities.role,
      webRoles: identities.webRoles,
    })
    .from(identities)
    .where(eq(identities.id, identityId));
  if (!identity || identity.status !== "active") return null;
  const rows = await database
    .select({
      roleFeatures: securityRoles.features,
      organizationId: organizations.id,
      organizationName: organizations.name,
      brandId: brands.id,
      brandName: brands.name,
      regionCode: organizations.regionCode,
      organizationType: organizations.organizationType,
      contractTypes: organizations.contractTypes,
      contractCodes: organizations.contractCodes,
    })
    .from(roleAssignments)
    .innerJoin(securityRoles, eq(securityRoles.id, roleAssignments.securityRoleId))
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .innerJoin(brands, eq(brands.id, organizations.brandId))
    .where(eq(roleAssignments.identityId, identityId));
  return {
    userType: identity.userType,
    role: identity.role,
    webRoles: identity.webRoles,
    organizations: rows.map(({ organizationType, contractTypes, contractCodes }) => ({
      organizationType,
      contractTypes,
      contractCodes,
    })),
    access: computeAccessData(identity, rows, getConfig().OIDC_IDP_SHORT_NAME),
  };
}

export async function loadAccessData(database: Database, identityId: number): Promise<AccessData | null> {
  return (await loadAccessProfile(database, identityId))?.access ?? null;
}
