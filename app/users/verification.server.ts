import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities, verificationTokens } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { VERIFICATION_LINK_HOURS } from "~/limits";
import { deliverSoon, queueMail } from "~/mail/outbox.server";
import { endEverySession } from "./lifecycle.server";
import { actorManages } from "./users.server";
import { verificationExpiresAt, verificationLinkState, type VerificationLinkState } from "./verification";

/** A link's token: 32 random bytes, base64url (43 characters). Anything else is no link of ours. */
export const VERIFICATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

interface NewUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  preferredLanguage: string;
}

/**
 * Issues a fresh verification link (earlier ones stop working) and queues its e-mail, in the
 * user's language, in the caller's transaction. Call `deliverSoon` after the commit.
 */
export async function queueVerification(tx: Executor, user: NewUser, publicUrl: string, now = new Date()) {
  await tx.delete(verificationTokens).where(eq(verificationTokens.identityId, user.id));
  await tx.update(identities).set({ verificationExpiredAt: null }).where(eq(identities.id, user.id));
  await queueFirstVerifications(tx, [user], publicUrl, now);
}

/** Links per statement: 4 parameters each, well below PostgreSQL's 65 535. */
const TOKEN_INSERT_BATCH = 5000;

/**
 * `queueVerification` for users just created (who hold no link yet), many at once: a bulk
 * import's thousands take a few statements.
 */
export async function queueFirstVerifications(
  tx: Executor,
  users: readonly NewUser[],
  publicUrl: string,
  now = new Date(),
) {
  const issued = users.map((user) => ({ user, token: randomBytes(32).toString("base64url") }));
  for (let start = 0; start < issued.length; start += TOKEN_INSERT_BATCH) {
    await tx.insert(verificationTokens).values(
      issued.slice(start, start + TOKEN_INSERT_BATCH).map(({ user, token }) => ({
        tokenHash: digest(token),
        identityId: user.id,
        expiresAt: verificationExpiresAt(now),
        createdAt: now,
      })),
    );
  }
  await queueMail(
    tx,
    ...issued.map(({ user, token }) => {
      const t = translatorFor(localeOrDefault(user.preferredLanguage));
      return {
        to: user.email,
        subject: t("verificationMail.subject"),
        text: t("verificationMail.text", {
          name: `${user.firstName} ${user.lastName}`,
          link: `${publicUrl}/verify-email/${token}`,
          count: VERIFICATION_LINK_HOURS,
        }),
      };
    }),
  );
}

export type ResendOutcome = { kind: "sent" } | { kind: "missing" } | { kind: "verified" };

/** Sends a managed user who has not verified yet a new link (the old one stops working). */
export async function resendVerification(
  database: Database,
  actor: Actor,
  userId: number,
  publicUrl: string,
  now = new Date(),
): Promise<ResendOutcome> {
  const outcome = await database.transaction(async (tx): Promise<ResendOutcome> => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    const [user] = await tx.select().from(identities).where(eq(identities.id, userId)).for("update");
    if (!user) return { kind: "missing" };
    if (user.emailVerifiedAt) return { kind: "verified" };
    await queueVerification(tx, user, publicUrl, now);
    return { kind: "sent" };
  });
  if (outcome.kind === "sent") void deliverSoon();
  return outcome;
}

async function linkOf(database: Executor, token: string, forUpdate: boolean) {
  if (!VERIFICATION_TOKEN.test(token)) return undefined;
  const query = database
    .select({
      identityId: verificationTokens.identityId,
      expiresAt: verificationTokens.expiresAt,
      firstName: identities.firstName,
      lastName: identities.lastName,
      email: identities.email,
    })
    .from(verificationTokens)
    .innerJoin(identities, eq(identities.id, verificationTokens.identityId))
    .where(eq(verificationTokens.tokenHash, digest(token)));
  const [link] = forUpdate ? await query.for("update") : await query;
  return link;
}

/** What the verification page shows for a token: its state and, while valid, whose it is. */
export async function verificationLink(
  database: Executor,
  token: string,
  now = new Date(),
): Promise<{ state: VerificationLinkState; user?: { firstName: string; lastName: string; email: string } }> {
  const link = await linkOf(database, token, false);
  const state = verificationLinkState(link, now);
  if (state !== "valid" || !link) return { state };
  return { state, user: { firstName: link.firstName, lastName: link.lastName, email: link.email } };
}

/**
 * Verifies the e-mail and sets the first password with a valid link, then forgets every link of
 * the user: from now on they sign in with that password. Every session and token the user had
 * ends in the same transaction. Audited as the user's own change.
 */
export async function completeVerification(
  database: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ kind: "verified"; email: string } | { kind: "invalid" | "lapsed" }> {
  const passwordHash = await hash(password);
  return database.transaction(async (tx) => {
    const link = await linkOf(tx, token, true);
    const state = verificationLinkState(link, now);
    if (state !== "valid" || !link) return { kind: state === "lapsed" ? "lapsed" : "invalid" };
    await tx
      .update(identities)
      .set({ emailVerifiedAt: now, passwordHash, lastPassportChange: now, updatedAt: now })
      .where(eq(identities.id, link.identityId));
    await tx.delete(verificationTokens).where(eq(verificationTokens.identityId, link.identityId));
    // A password chosen through a link replaces whatever was there: every session and token of
    // the user ends with the old one (issue #30). The link's holder is not signed in by it.
    await endEverySession(tx, link.identityId);
    await recordAudit(tx, {
      entity: "identity",
      entityId: link.identityId,
      operation: "update",
      changes: [{ field: "emailVerifiedAt", oldValue: null, newValue: now.toISOString() }],
      actorId: link.identityId,
      at: now,
    });
    return { kind: "verified", email: link.email };
  });
}

/**
 * The hourly job (issue #15 §2): an unverified user whose last link lapsed unused (72 hours)
 * shows "verification expired" until an administrator sends a new one. Audited as the system.
 */
export async function expireVerifications(database: Database, now = new Date()): Promise<{ expired: number }> {
  return database.transaction(async (tx) => {
    const live = tx
      .select({ id: verificationTokens.identityId })
      .from(verificationTokens)
      .where(and(eq(verificationTokens.identityId, identities.id), gt(verificationTokens.expiresAt, now)));
    const lapsed = await tx
      .update(identities)
      .set({ verificationExpiredAt: now })
      .where(
        and(
          isNull(identities.emailVerifiedAt),
          isNull(identities.verificationExpiredAt),
          sql`exists (select 1 from ${verificationTokens} where ${verificationTokens.identityId} = ${identities.id})`,
          sql`not exists (${live})`,
        ),
      )
      .returning({ id: identities.id });
    for (const { id } of lapsed) {
      await recordAudit(tx, {
        entity: "identity",
        entityId: id,
        operation: "update",
        changes: [{ field: "status", oldValue: "awaitingVerification", newValue: "verificationExpired" }],
        actorId: null,
        at: now,
      });
    }
    return { expired: lapsed.length };
  });
}
