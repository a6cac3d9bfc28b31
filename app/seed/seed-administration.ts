import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityReviews, securityRoles } from "~/db/schema";

/**
 * The equipment maker's own organizations, one per brand (ADR 29): a role held at one of them
 * administers the portal for that brand and region; held at a dealer's location it administers
 * only that dealer.
 */
export const OEM_ORGANIZATIONS = [
  { brandId: 1, name: "Vantor Equipment – Vantor", region: "NA" },
  { brandId: 2, name: "Vantor Equipment – Vantor Portable Power", region: "NA" },
  { brandId: 3, name: "Halden Works", region: "EMEA" },
  { brandId: 4, name: "Corvane Machinery", region: "EMEA" },
  { brandId: 5, name: "Brixton Industries", region: "APAC" },
] as const;

/** The demo's portal-wide administrator and the brands they administer from the maker's side. */
export const OEM_ADMINISTRATOR = { email: "admin@example.com", brandIds: [1, 2, 4], role: "PORTAL_ADMIN" } as const;

/** The demo's OEM network manager (issue #40): the maker's manager of the whole network, five brands, three regions. */
export const OEM_NETWORK_MANAGER = {
  email: "oem@example.com",
  brandIds: [1, 2, 3, 4, 5],
  role: "OEM_NETWORK_MANAGER",
} as const;

/**
 * A demo account's role at the OEM organizations of its brands, unless held already (idempotent):
 * the organizations it was given now, and who holds them; the first is the preferred one of an
 * account that held nothing before.
 */
async function holdAtOem(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  holder: { email: string; brandIds: readonly number[]; role: string },
  oemOf: Map<number, number>,
): Promise<{ identityId: number; added: number[] } | null> {
  const [identity] = await tx.select({ id: identities.id }).from(identities).where(eq(identities.email, holder.email));
  const [role] = await tx
    .select({ id: securityRoles.id })
    .from(securityRoles)
    .where(eq(securityRoles.name, holder.role));
  if (!identity || !role) return null;
  const wanted = holder.brandIds.map((brandId) => oemOf.get(brandId)!);
  const held = await tx
    .select({ organizationId: roleAssignments.organizationId })
    .from(roleAssignments)
    .where(eq(roleAssignments.identityId, identity.id));
  const added = wanted.filter((id) => !held.some((row) => row.organizationId === id));
  if (added.length > 0)
    await tx.insert(roleAssignments).values(
      added.map((organizationId, index) => ({
        identityId: identity.id,
        securityRoleId: role.id,
        organizationId,
        isPreferred: held.length === 0 && index === 0,
      })),
    );
  return { identityId: identity.id, added };
}

/**
 * The OEM organizations, and the portal administrator's role at those of their brands. Idempotent,
 * so a demo database made before the two levels gets them too (its dealer administrators' roles
 * then grant dealer administration only, whatever they hold).
 */
export async function seedAdministrationLevels(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    const existing = await tx
      .select({ id: organizations.id, brandId: organizations.brandId })
      .from(organizations)
      .where(eq(organizations.type, "internal"));
    const oemOf = new Map(existing.map((row) => [row.brandId, row.id]));
    for (const oem of OEM_ORGANIZATIONS) {
      if (oemOf.has(oem.brandId)) continue;
      const [row] = await tx
        .insert(organizations)
        .values({
          name: oem.name,
          type: "internal",
          brandId: oem.brandId,
          regionCode: oem.region,
          organizationType: "OEM",
        })
        .returning({ id: organizations.id });
      oemOf.set(oem.brandId, row.id);
    }
    await holdAtOem(tx, OEM_NETWORK_MANAGER, oemOf);
    const admin = await holdAtOem(tx, OEM_ADMINISTRATOR, oemOf);
    if (!admin || admin.added.length === 0) return;
    // A demo made before the two levels has its reviews: the new organizations count as reviewed
    // with the rest of the administrator's (a new demo's reviews are seeded after this).
    const [{ reviews }] = await tx.select({ reviews: sql<number>`count(*)::int` }).from(securityReviews);
    if (reviews > 0) {
      const now = new Date();
      await tx.insert(securityReviews).values({
        reviewerId: admin.identityId,
        organizationIds: admin.added,
        listedIdentityIds: [admin.identityId],
        startedAt: now,
        confirmedAt: now,
      });
    }
  });
}
