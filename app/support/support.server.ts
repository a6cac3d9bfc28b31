import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { brands, helpDesks, identities, organizations, roleAssignments } from "~/db/schema";

/** An administrator of one or more of the user's locations (issue #5 §4). */
export interface LocationAdministrator {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  locations: string[];
}

/**
 * The active administrators (role admin) assigned to any of the actor's locations, the actor
 * excluded, by name. Each with the shared locations they administer.
 */
export async function locationAdministratorsOf(database: Database, actor: Actor): Promise<LocationAdministrator[]> {
  const { identityId } = actor;
  const own = await database
    .select({ organizationId: roleAssignments.organizationId })
    .from(roleAssignments)
    .where(eq(roleAssignments.identityId, identityId));
  const locationIds = [...new Set(own.map((r) => r.organizationId))];
  if (locationIds.length === 0) return [];
  const rows = await database
    .select({
      id: identities.id,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
      phoneMobile: identities.phoneMobile,
      phoneSecondary: identities.phoneSecondary,
      location: organizations.name,
    })
    .from(roleAssignments)
    .innerJoin(identities, eq(identities.id, roleAssignments.identityId))
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .where(
      and(
        inArray(roleAssignments.organizationId, locationIds),
        eq(identities.role, "admin"),
        eq(identities.status, "active"),
        ne(identities.id, identityId),
      ),
    );
  const byId = new Map<number, LocationAdministrator>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? {
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phoneMobile ?? row.phoneSecondary,
      locations: [],
    };
    if (!entry.locations.includes(row.location)) entry.locations.push(row.location);
    byId.set(row.id, entry);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export interface HelpDesk {
  brandId: number;
  brandName: string;
  regionCode: string;
  phone: string;
  email: string;
  hours: string;
}

/** The help desks of the brand and region of each of the actor's locations, hours in their language. */
export async function helpDesksOf(database: Database, actor: Actor, locale: string): Promise<HelpDesk[]> {
  const pairs = await database
    .selectDistinct({ brandId: organizations.brandId, regionCode: organizations.regionCode })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .where(eq(roleAssignments.identityId, actor.identityId));
  if (pairs.length === 0) return [];
  const rows = await database
    .select({
      brandId: helpDesks.brandId,
      brandName: brands.name,
      regionCode: helpDesks.regionCode,
      phone: helpDesks.phone,
      email: helpDesks.email,
      hours: helpDesks.hours,
    })
    .from(helpDesks)
    .innerJoin(brands, eq(brands.id, helpDesks.brandId))
    .where(inArray(helpDesks.brandId, [...new Set(pairs.map((p) => p.brandId))]));
  return rows
    .filter((row) => pairs.some((p) => p.brandId === row.brandId && p.regionCode === row.regionCode))
    .map((row) => ({ ...row, hours: row.hours[locale] ?? row.hours.en ?? "" }))
    .sort((a, b) => a.brandId - b.brandId || a.regionCode.localeCompare(b.regionCode));
}
