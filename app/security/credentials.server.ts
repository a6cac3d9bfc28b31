import { verify } from "@node-rs/argon2";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { identities, loginAttempts } from "~/db/schema";
import { passwordChecks } from "~/server-context/metrics.server";
import { LOCKOUT_DURATION_MS, LOCKOUT_WINDOW_MS, lockedUntil } from "~/security/lockout";

export type CredentialCheck =
  | { ok: true; identityId: number }
  | { ok: false; reason: "invalid" | "locked" | "unverified"; until?: Date }
  /** The password was right: the sign-in page may tell this user why their account is off (issue #39 §5). */
  | { ok: false; reason: "inactive"; identityId: number };

/** A constant hash so a wrong e-mail costs as much time as a wrong password (no enumeration by timing). */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$XdefW44EECY5TZRSD//IPg$wT/X/F084DdkAU2ChYjBNYaBwgLT5MNq5qWD4kyFux0";

/** E-mails compare case-insensitively, without surrounding spaces. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks e-mail and password for the embedded identity provider, applying the lockout rule.
 * Every outcome but success and lockout looks the same to the caller's user.
 */
export async function checkCredentials(
  database: Database,
  emailInput: string,
  password: string,
  now = new Date(),
): Promise<CredentialCheck> {
  const check = await credentialCheck(database, emailInput, password, now);
  passwordChecks.inc({ outcome: check.ok ? "ok" : check.reason });
  return check;
}

async function credentialCheck(
  database: Database,
  emailInput: string,
  password: string,
  now: Date,
): Promise<CredentialCheck> {
  const email = normalEmail(emailInput);
  const since = new Date(now.getTime() - Math.max(LOCKOUT_WINDOW_MS, LOCKOUT_DURATION_MS) * 2);
  const attempts = await database
    .select({ succeeded: loginAttempts.succeeded, at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, since)))
    .orderBy(desc(loginAttempts.attemptedAt));
  const lastSuccess = attempts.findIndex((a) => a.succeeded);
  const failures = (lastSuccess === -1 ? attempts : attempts.slice(0, lastSuccess)).map((a) => a.at);
  const until = lockedUntil(failures, now);
  if (until) return { ok: false, reason: "locked", until };

  const [identity] = await database
    .select({
      id: identities.id,
      hash: identities.passwordHash,
      status: identities.status,
      verifiedAt: identities.emailVerifiedAt,
    })
    .from(identities)
    .where(sql`lower(${identities.email}) = ${email}`);
  const valid = await verify(identity?.hash ?? DUMMY_HASH, password).catch(() => false);
  const succeeded = Boolean(identity && identity.hash && valid);
  await database.insert(loginAttempts).values({ email, succeeded, attemptedAt: now });
  if (!succeeded || !identity) {
    const after = lockedUntil([now, ...failures], now);
    return after ? { ok: false, reason: "locked", until: after } : { ok: false, reason: "invalid" };
  }
  if (identity.status !== "active") return { ok: false, reason: "inactive", identityId: identity.id };
  // A new user has no password until they verify; this holds even if one was set another way.
  if (!identity.verifiedAt) return { ok: false, reason: "unverified" };
  return { ok: true, identityId: identity.id };
}
