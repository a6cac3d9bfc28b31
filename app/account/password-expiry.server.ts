import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities } from "~/db/schema";
import { storeOwnPassword } from "./account-security.server";
import { passwordHasExpired } from "./password-expiry";

/** The names the new password may not contain, when the identity's password has expired; else null. */
export async function expiredPasswordOf(
  database: Database,
  identityId: number,
  maxAgeDays: number | undefined,
  now = new Date(),
): Promise<{ firstName: string; lastName: string } | null> {
  if (!maxAgeDays) return null;
  const [identity] = await database
    .select({
      firstName: identities.firstName,
      lastName: identities.lastName,
      lastPassportChange: identities.lastPassportChange,
      createdAt: identities.createdAt,
    })
    .from(identities)
    .where(eq(identities.id, identityId));
  if (!identity || !passwordHasExpired(identity, now, maxAgeDays)) return null;
  return { firstName: identity.firstName, lastName: identity.lastName };
}

export type ExpiredPasswordOutcome = { kind: "changed" } | { kind: "same" };

/**
 * Replaces an expired password (the user proved the old one at sign-in a moment ago). The new one
 * must have passed the policy and may not be the expired one. Audited without any password value.
 */
export async function replaceExpiredPassword(
  database: Database,
  identityId: number,
  newPassword: string,
  now = new Date(),
): Promise<ExpiredPasswordOutcome> {
  const [identity] = await database
    .select({ hash: identities.passwordHash })
    .from(identities)
    .where(eq(identities.id, identityId));
  if (identity?.hash && (await verify(identity.hash, newPassword).catch(() => false))) return { kind: "same" };
  await storeOwnPassword(database, identityId, newPassword, now);
  return { kind: "changed" };
}
