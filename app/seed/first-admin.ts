import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities, organizations, roleAssignments, securityRoles } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { GRANTABLE_FEATURES } from "~/permissions/features";
import { newSerialNumber } from "~/users/save-user.server";
import { queueVerification } from "~/users/verification.server";
import { BRANDS } from "./seed";
import { OEM_ADMINISTRATOR, OEM_ORGANIZATIONS } from "./seed-administration";

/** Who the first administrator of an installation is, and where they hold the role. */
export interface FirstAdministrator {
  email: string;
  firstName: string;
  lastName: string;
  /** An organization's id, or the name of the maker's own organization (made for `brandId` when missing). */
  location: string;
  brandId?: number;
}

export type FirstAdministratorOutcome =
  | {
      kind: "created";
      identityId: number;
      organizationId: number;
      /** Portal-wide when the location is the maker's own organization; a dealer's administrator otherwise. */
      level: "portal" | "dealer";
      madeOrganization: boolean;
      madeRole: boolean;
    }
  | { kind: "emailTaken" }
  | { kind: "noSuchOrganization" }
  | { kind: "brandNeeded" };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the command's arguments cannot make an administrator (null: they can). */
export function firstAdministratorProblem(input: Partial<FirstAdministrator>): string | null {
  if (!input.email || !EMAIL.test(input.email)) return "--email must be an e-mail address";
  if (!input.location?.trim())
    return "--location must name an organization (its id, or the maker's organization's name)";
  if (input.brandId !== undefined && !BRANDS.some((brand) => brand.id === input.brandId))
    return `--brand must be one of ${BRANDS.map((brand) => brand.id).join(", ")}`;
  return null;
}

/**
 * Creates an installation's first administrator (issue #32 §8) in one transaction: the
 * administrator role (every grantable feature) when there is none, the maker's organization when
 * the location names one that does not exist yet, the identity holding the role there, and the
 * verification e-mail whose link lets them set a password. Nothing is written when it cannot.
 */
export async function createFirstAdministrator(
  database: Database,
  input: FirstAdministrator,
  publicUrl: string,
  now = new Date(),
): Promise<FirstAdministratorOutcome> {
  return database.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: identities.id })
      .from(identities)
      .where(sql`lower(${identities.email}) = lower(${input.email})`);
    if (taken) return { kind: "emailTaken" as const };

    const byId = /^\d{1,9}$/.test(input.location) ? Number(input.location) : null;
    const [found] = await tx
      .select({ id: organizations.id, type: organizations.type })
      .from(organizations)
      .where(
        byId !== null
          ? eq(organizations.id, byId)
          : and(eq(organizations.name, input.location.trim()), eq(organizations.type, "internal")),
      );
    let organization = found;
    let madeOrganization = false;
    if (!organization) {
      if (byId !== null) return { kind: "noSuchOrganization" as const };
      if (input.brandId === undefined) return { kind: "brandNeeded" as const };
      const region = OEM_ORGANIZATIONS.find((oem) => oem.brandId === input.brandId)?.region ?? "NA";
      [organization] = await tx
        .insert(organizations)
        .values({
          name: input.location.trim(),
          type: "internal",
          brandId: input.brandId,
          regionCode: region,
          organizationType: "OEM",
        })
        .returning({ id: organizations.id, type: organizations.type });
      madeOrganization = true;
    }

    let [role] = await tx
      .select({ id: securityRoles.id })
      .from(securityRoles)
      .where(eq(securityRoles.name, OEM_ADMINISTRATOR.role));
    const madeRole = !role;
    if (!role) {
      [role] = await tx
        .insert(securityRoles)
        .values({
          name: OEM_ADMINISTRATOR.role,
          displayName: "Portal administrator",
          features: [...GRANTABLE_FEATURES],
        })
        .returning({ id: securityRoles.id });
    }

    const [created] = await tx
      .insert(identities)
      .values({
        email: input.email.trim(),
        firstName: input.firstName,
        lastName: input.lastName,
        userType: "internal",
        role: "admin",
        serialNumber: newSerialNumber(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(roleAssignments)
      .values({ identityId: created.id, securityRoleId: role.id, organizationId: organization.id, isPreferred: true });
    await recordAudit(tx, {
      entity: "identity",
      entityId: created.id,
      operation: "create",
      changes: [
        { field: "email", oldValue: null, newValue: created.email },
        { field: "securityRoles", oldValue: null, newValue: OEM_ADMINISTRATOR.role },
      ],
      actorId: null,
      at: now,
    });
    await queueVerification(tx, created, publicUrl, now);
    return {
      kind: "created" as const,
      identityId: created.id,
      organizationId: organization.id,
      level: organization.type === "internal" ? ("portal" as const) : ("dealer" as const),
      madeOrganization,
      madeRole,
    };
  });
}
