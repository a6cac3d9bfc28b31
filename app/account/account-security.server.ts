import { hash } from "@node-rs/argon2";
import { createHash } from "node:crypto";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities, oidcPayloads, sessions } from "~/db/schema";
import { deviceLabelOf, type DeviceLabel } from "~/account/device-label";
import { recordAudit } from "~/audit/audit-writer.server";
import { checkCredentials } from "~/security/credentials.server";
import { endEverySession, providerRecordsOf } from "~/users/lifecycle.server";
import { signedInSessionId } from "../server-context/signed-in-session.server";

/** One of the user's signed-in sessions, as the account page shows it. */
export interface ActiveSession {
  /** A public stand-in for the session id (the id itself is the cookie's secret and never leaves the server). */
  handle: string;
  current: boolean;
  device: DeviceLabel;
  signedInAt: string;
  lastSeenAt: string | null;
}

export function sessionHandle(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex").slice(0, 16);
}

/** The identity's unexpired portal sessions, the most recently seen first. */
export async function activeSessionsOf(
  database: Database,
  identityId: number,
  currentSessionId: string | undefined,
  now = new Date(),
): Promise<ActiveSession[]> {
  const rows = await database
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.identityId, identityId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    handle: sessionHandle(row.id),
    current: row.id === currentSessionId,
    device: deviceLabelOf(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  }));
}

/**
 * Ends other sessions of the identity: the chosen one (by handle) or all but the current one.
 * Each loses its portal session and its refresh token's grant; the identity provider's own
 * sign-ins of the account end too, so the other device cannot come back without the password
 * (ADR 9) — all but the one the current session's refresh token is bound to. The current session
 * is never ended here. Answers how many were ended.
 */
export async function endOtherSessions(
  database: Database,
  actor: Actor,
  currentSessionId: string,
  which: { handle: string } | "all",
): Promise<number> {
  const { identityId } = actor;
  return database.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sessions.id, data: sessions.data })
      .from(sessions)
      .where(eq(sessions.identityId, identityId));
    const targets = rows.filter(
      (row) => row.id !== currentSessionId && (which === "all" || sessionHandle(row.id) === which.handle),
    );
    if (targets.length === 0) return 0;
    // The current session's grant and provider sign-in stay (another session of the same browser
    // may share them); its refresh token is bound to both.
    const current = await providerRecordsOf(tx, identityId, currentSessionId);
    const refreshTokens = targets.map((row) => row.data.refreshToken).filter((t): t is string => typeof t === "string");
    if (refreshTokens.length > 0) {
      const grants = await tx
        .select({ grantId: oidcPayloads.grantId })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, "RefreshToken"), inArray(oidcPayloads.id, refreshTokens)));
      const grantIds = grants.map((g) => g.grantId).filter((g): g is string => Boolean(g) && g !== current.grantId);
      // The grants' tokens carry their grant id; the grant's own row is the Grant by that id.
      if (grantIds.length > 0)
        await tx
          .delete(oidcPayloads)
          .where(
            or(
              inArray(oidcPayloads.grantId, grantIds),
              and(eq(oidcPayloads.model, "Grant"), inArray(oidcPayloads.id, grantIds)),
            ),
          );
    }
    await tx.delete(sessions).where(
      inArray(
        sessions.id,
        targets.map((row) => row.id),
      ),
    );
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, "Session"),
          eq(oidcPayloads.accountId, String(identityId)),
          current.sessionUid ? sql`${oidcPayloads.uid} is distinct from ${current.sessionUid}` : undefined,
        ),
      );
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [{ field: "sessions", oldValue: String(rows.length), newValue: String(rows.length - targets.length) }],
      actorId: identityId,
    });
    return targets.length;
  });
}

export type PasswordChangeOutcome = { kind: "changed" } | { kind: "wrongCurrent" } | { kind: "locked"; until?: Date };

/**
 * Changes the identity's own password after checking the current one. A wrong current password
 * counts as a failed sign-in (the lockout rule applies). The new password must already have
 * passed the policy (app/validation/password-policy.ts). Audited without any password value.
 * Every other session and token of the user ends with it (see `storeOwnPassword`).
 */
export async function changeOwnPassword(
  database: Database,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
  now = new Date(),
  keepSessionId = signedInSessionId(),
): Promise<PasswordChangeOutcome> {
  const [identity] = await database
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.id, actor.identityId));
  if (!identity) return { kind: "wrongCurrent" };
  const check = await checkCredentials(database, identity.email, currentPassword, now);
  if (!check.ok) return check.reason === "locked" ? { kind: "locked", until: check.until } : { kind: "wrongCurrent" };
  await storeOwnPassword(database, actor.identityId, newPassword, now, keepSessionId);
  return { kind: "changed" };
}

/**
 * Stores the identity's new password, changed by themselves; audited without any password value.
 * In the same transaction every other portal session of the user ends and the identity provider
 * forgets their sign-ins, grants and tokens (issue #30: whoever knew the old password is out);
 * only the session making the change stays — by default the one this request is signed in with.
 */
export async function storeOwnPassword(
  database: Database,
  identityId: number,
  newPassword: string,
  now: Date,
  keepSessionId = signedInSessionId(),
) {
  const passwordHash = await hash(newPassword);
  await database.transaction(async (tx) => {
    await tx
      .update(identities)
      .set({ passwordHash, lastPassportChange: now, updatedAt: now, modifiedBy: identityId })
      .where(eq(identities.id, identityId));
    await endEverySession(tx, identityId, { keepSessionId });
    await recordAudit(tx, {
      entity: "identity",
      entityId: identityId,
      operation: "update",
      changes: [{ field: "password", oldValue: null, newValue: null }],
      actorId: identityId,
      at: now,
    });
  });
}
