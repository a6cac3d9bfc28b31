import { recordAudit } from "~/audit/audit-writer.server";
import { LAST_LOGIN_FIELD } from "~/audit/query";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities, organizations, roleAssignments } from "~/db/schema";
import type { IdentityClaims } from "~/auth/session.server";
import { normalEmail } from "~/security/credentials.server";

/** The claims the embedded identity provider puts in its tokens for an identity (SPEC §3). */
export async function identityClaims(database: Database, identityId: number): Promise<IdentityClaims | null> {
  const [identity] = await database.select().from(identities).where(eq(identities.id, identityId));
  if (!identity || identity.status !== "active") return null;
  const [preferred] = await database
    .select({ name: organizations.name })
    .from(roleAssignments)
    .innerJoin(organizations, eq(organizations.id, roleAssignments.organizationId))
    .where(eq(roleAssignments.identityId, identityId))
    .orderBy(desc(roleAssignments.isPreferred), organizations.id)
    .limit(1);
  return {
    sub: String(identity.id),
    name: `${identity.firstName} ${identity.lastName}`,
    email: identity.email,
    org: preferred?.name,
    uid: identity.serialNumber,
    employeeNumber: identity.employeeNumber ?? undefined,
    directory_group: identity.directoryGroups,
    passportWebRoles: identity.webRoles,
  };
}

/** The portal identity behind a sign-in: by subject (embedded provider) or by e-mail. */
export async function identityForSignIn(database: Database, claims: IdentityClaims, bySubject: boolean) {
  const where = bySubject
    ? eq(identities.id, Number(claims.sub))
    : sql`lower(${identities.email}) = ${normalEmail(claims.email ?? "")}`;
  if (bySubject && !Number.isInteger(Number(claims.sub))) return null;
  const [identity] = await database
    .select({ id: identities.id, status: identities.status })
    .from(identities)
    .where(where);
  return identity && identity.status === "active" ? identity : null;
}

/** A sign-in: the last login moves, audited as that field's change by the user (issue #15 §4). */
export async function recordLogin(database: Database, identityId: number, now = new Date()): Promise<void> {
  await database.transaction(async (tx) => {
    const [before] = await tx
      .select({ lastLoginAt: identities.lastLoginAt })
      .from(identities)
      .where(eq(identities.id, identityId))
      .for("update");
    if (!before) return;
    await tx.update(identities).set({ lastLoginAt: now }).where(eq(identities.id, identityId));
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [
        { field: LAST_LOGIN_FIELD, oldValue: before.lastLoginAt?.toISOString() ?? null, newValue: now.toISOString() },
      ],
      actorId: identityId,
      at: now,
    });
  });
}
