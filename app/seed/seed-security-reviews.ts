import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityReviews, securityRoles } from "~/db/schema";
import { DAY_MS } from "~/limits";

/** The principal's dealership, whose security review is due: its staff in every age group (SPEC §4). */
export const PRINCIPAL_LOCATION = "Summit Machinery – Denver";

/** The principal's staff and how long ago each last signed in (null: never); 150 days stays short of auto-deactivation. */
export const PRINCIPAL_STAFF = [
  { email: "ivo.brandt@example.com", firstName: "Ivo", lastName: "Brandt", daysAgo: null },
  { email: "lena.ortiz@example.com", firstName: "Lena", lastName: "Ortiz", daysAgo: 150 },
  { email: "marc.dubois@example.com", firstName: "Marc", lastName: "Dubois", daysAgo: 45 },
  { email: "tara.kim@example.com", firstName: "Tara", lastName: "Kim", daysAgo: 3 },
] as const;

/** The administrators whose locations were reviewed at seeding: each then shows its one other action, or none. */
const REVIEWED_AT_SEED = ["admin@example.com", "directory@example.com", "singular@example.com"] as const;

/**
 * The security reviews of a demo: the administrator's locations were reviewed at seeding, so the
 * existing demo accounts have nothing to do; the principal's dealership never was. Idempotent.
 */
export async function seedSecurityReviews(database: Database, now = new Date()): Promise<void> {
  await seedPrincipalStaff(database, now);
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(securityReviews);
  if (count > 0) return;
  const reviewers = await database
    .select({ id: identities.id })
    .from(identities)
    .where(inArray(identities.email, [...REVIEWED_AT_SEED]));
  for (const reviewer of reviewers) {
    const locations = await database
      .selectDistinct({ id: roleAssignments.organizationId })
      .from(roleAssignments)
      .where(eq(roleAssignments.identityId, reviewer.id));
    const users = await database
      .selectDistinct({ id: roleAssignments.identityId })
      .from(roleAssignments)
      .where(
        inArray(
          roleAssignments.organizationId,
          locations.map((l) => l.id),
        ),
      );
    await database.insert(securityReviews).values({
      reviewerId: reviewer.id,
      organizationIds: locations.map((l) => l.id),
      listedIdentityIds: users.map((u) => u.id),
      startedAt: now,
      confirmedAt: now,
    });
  }
}

async function seedPrincipalStaff(database: Database, now: Date): Promise<void> {
  const [location] = await database
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, PRINCIPAL_LOCATION), eq(organizations.type, "location")));
  const [role] = await database
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, "DEALER_STAFF"));
  if (!location || !role) return;
  for (const [index, staff] of PRINCIPAL_STAFF.entries()) {
    await insertDemoStaff(database, {
      person: { email: staff.email, firstName: staff.firstName, lastName: staff.lastName },
      serialNumber: `SN-1${index + 10}`,
      lastLoginAt: staff.daysAgo === null ? null : new Date(now.getTime() - staff.daysAgo * DAY_MS),
      roleId: role.id,
      locationId: location.id,
      now,
    });
  }
}

/** A demo staff member (no password: they never sign in) with one role at one location; kept when already there. */
export async function insertDemoStaff(
  database: Database,
  staff: {
    person: { email: string; firstName: string; lastName: string };
    serialNumber: string;
    lastLoginAt: Date | null;
    roleId: number;
    locationId: number;
    now: Date;
  },
): Promise<void> {
  const [identity] = await database
    .insert(identities)
    .values({
      ...staff.person,
      userType: "external",
      role: "regular",
      serialNumber: staff.serialNumber,
      emailVerifiedAt: staff.now,
      lastLoginAt: staff.lastLoginAt,
    })
    .onConflictDoNothing()
    .returning({ id: identities.id });
  if (identity) {
    await database.insert(roleAssignments).values({
      identityId: identity.id,
      securityRoleId: staff.roleId,
      organizationId: staff.locationId,
      isPreferred: true,
    });
  }
}
