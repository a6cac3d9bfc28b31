import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { identities, oidcPayloads, sessions } from "~/db/schema";
import { fieldChanges, recordAudit } from "~/audit/audit-writer.server";
import { integrationSettings } from "~/integrations/pushes.server";
import { actorManages } from "./users.server";
import { selfChangeRefused } from "./self-change";
import { autoDeactivationCutoff, dueForAutoDeactivation, type DeactivationReason } from "./lifecycle";
import { notExempt } from "./dormancy.server";
import { queueReactivatedMail } from "./reactivation.server";
import { getConfig } from "~/config.server";
import { deliverSoon } from "~/mail/outbox.server";

export type LifecycleOutcome = { kind: "done" } | { kind: "missing" } | { kind: "unchanged" } | { kind: "self" };

/** What one portal session holds at the identity provider: its refresh token's grant and the provider sign-in that token is bound to. */
interface ProviderRecords {
  grantId: string | null;
  sessionUid: string | null;
}

const NOTHING_KEPT: ProviderRecords = { grantId: null, sessionUid: null };

export async function providerRecordsOf(tx: Executor, identityId: number, sessionId: string): Promise<ProviderRecords> {
  const [session] = await tx
    .select({ data: sessions.data })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.identityId, identityId)));
  const refreshToken = session?.data.refreshToken;
  if (typeof refreshToken !== "string") return NOTHING_KEPT;
  const [token] = await tx
    .select({ grantId: oidcPayloads.grantId, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, "RefreshToken"), eq(oidcPayloads.id, refreshToken)));
  const sessionUid = token?.payload.sessionUid;
  return { grantId: token?.grantId ?? null, sessionUid: typeof sessionUid === "string" ? sessionUid : null };
}

/**
 * Ends every way back in of one identity at once (ASVS V7): its portal sessions, and every record
 * the identity provider keeps for the account — its sign-ins, grants, access and refresh tokens.
 * `keepSessionId` spares the one portal session the user is acting from (a password change of
 * their own) together with its grant and the provider sign-in its refresh token is bound to —
 * without them its next token renewal would fail and end it after all.
 */
export async function endEverySession(
  tx: Executor,
  identityId: number,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  const account = String(identityId);
  const { keepSessionId } = options;
  const kept = keepSessionId ? await providerRecordsOf(tx, identityId, keepSessionId) : NOTHING_KEPT;
  await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.identityId, identityId), ne(sessions.id, keepSessionId))
        : eq(sessions.identityId, identityId),
    );
  const grants = await tx
    .selectDistinct({ grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(eq(oidcPayloads.accountId, account));
  const grantIds = grants.map((g) => g.grantId).filter((g): g is string => Boolean(g) && g !== kept.grantId);
  const owned = grantIds.length
    ? or(eq(oidcPayloads.accountId, account), inArray(oidcPayloads.grantId, grantIds))
    : eq(oidcPayloads.accountId, account);
  await tx.delete(oidcPayloads).where(
    and(
      owned,
      // The grant's own row carries no grant id: it is the Grant with that id.
      kept.grantId
        ? sql`${oidcPayloads.grantId} is distinct from ${kept.grantId} and not (${oidcPayloads.model} = 'Grant' and ${oidcPayloads.id} = ${kept.grantId})`
        : undefined,
      kept.sessionUid
        ? sql`not (${oidcPayloads.model} = 'Session' and ${oidcPayloads.uid} is not distinct from ${kept.sessionUid})`
        : undefined,
    ),
  );
}

/** Sets a managed user's status, audited per field; another dealer's user is missing. */
async function setStatus(
  database: Database,
  actor: Actor,
  userId: number,
  next: { status: "active" | "inactive"; deactivationReason: DeactivationReason | null },
): Promise<LifecycleOutcome> {
  const outcome = await database.transaction(async (tx): Promise<LifecycleOutcome & { mailed?: boolean }> => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    const [row] = await tx
      .select({
        status: identities.status,
        deactivationReason: identities.deactivationReason,
        reactivationRequestedAt: identities.reactivationRequestedAt,
      })
      .from(identities)
      .where(eq(identities.id, userId))
      .for("update");
    if (!row) return { kind: "missing" };
    const { reactivationRequestedAt, ...before } = row;
    if (before.status === next.status) return { kind: "unchanged" };
    await tx
      .update(identities)
      .set({ ...next, modifiedBy: actor.identityId, updatedAt: sql`now()` })
      .where(eq(identities.id, userId));
    if (next.status === "inactive") await endEverySession(tx, userId);
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "update",
      changes: fieldChanges(before, next, ["status", "deactivationReason"]),
      actorId: actor.identityId,
    });
    // They asked to be active again (issue #39 §5): they hear that they can sign in.
    if (next.status === "active" && reactivationRequestedAt) {
      await queueReactivatedMail(tx, userId, getConfig().PUBLIC_URL);
      return { kind: "done", mailed: true };
    }
    return { kind: "done" };
  });
  if (outcome.kind === "done" && outcome.mailed) void deliverSoon();
  return outcome;
}

/** Deactivates a user with a reason: no sign-in, and every session, token and grant ends at once. Never one's own account. */
export async function deactivateUser(
  database: Database,
  actor: Actor,
  userId: number,
  reason: DeactivationReason,
): Promise<LifecycleOutcome> {
  if (selfChangeRefused(actor.identityId, userId, ["status"])) return { kind: "self" };
  return setStatus(database, actor, userId, { status: "inactive", deactivationReason: reason });
}

/** Activates a deactivated user again: they can sign in with their password. Never one's own account (issue #30). */
export async function activateUser(database: Database, actor: Actor, userId: number): Promise<LifecycleOutcome> {
  if (selfChangeRefused(actor.identityId, userId, ["status"])) return { kind: "self" };
  return setStatus(database, actor, userId, { status: "active", deactivationReason: null });
}

/**
 * Ends every session, token and grant of a managed user at once (beyond the spec: "End sessions"),
 * audited. Not one's own: their account page signs out their other sessions (issue #30).
 */
export async function endSessionsOfUser(database: Database, actor: Actor, userId: number): Promise<LifecycleOutcome> {
  if (selfChangeRefused(actor.identityId, userId, ["sessions"])) return { kind: "self" };
  return database.transaction(async (tx) => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    const open = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.identityId, userId));
    await endEverySession(tx, userId);
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "update",
      changes: [{ field: "sessions", oldValue: String(open.length), newValue: "0" }],
      actorId: actor.identityId,
    });
    return { kind: "done" };
  });
}

/**
 * Force resync (SPEC §2 user editor): the managed user is pushed to every downstream target again.
 * Audited as a "resync" (the audit queues the pushes in the same transaction); nothing to do
 * without targets.
 */
export async function forceResync(
  database: Database,
  actor: Actor,
  userId: number,
): Promise<{ kind: "sent" } | { kind: "missing" } | { kind: "noTargets" }> {
  if (integrationSettings().targets.length === 0) return { kind: "noTargets" };
  return database.transaction(async (tx) => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "resync",
      changes: [],
      actorId: actor.identityId,
    });
    return { kind: "sent" };
  });
}

export type DeleteUserOutcome = { kind: "deleted" } | { kind: "missing" } | { kind: "self" };

/**
 * Deletes a managed user: every session and provider record ends, the identity goes with its
 * assignments, reads and subscriptions (cascades). The audit keeps the id and who deleted it, not
 * the personal data. An administrator does not delete their own account here.
 */
export async function deleteUser(database: Database, actor: Actor, userId: number): Promise<DeleteUserOutcome> {
  if (selfChangeRefused(actor.identityId, userId, ["status"])) return { kind: "self" };
  return database.transaction(async (tx) => {
    if (!(await actorManages(tx, actor, userId))) return { kind: "missing" };
    await endEverySession(tx, userId);
    const deleted = await tx.delete(identities).where(eq(identities.id, userId)).returning({ id: identities.id });
    if (deleted.length === 0) return { kind: "missing" };
    await recordAudit(tx, {
      entity: "identity",
      entityId: userId,
      operation: "delete",
      changes: [],
      actorId: actor.identityId,
    });
    return { kind: "deleted" };
  });
}

/**
 * SPEC §4 auto-deactivation (the daily job): every active user not signed in for more than 180
 * days — never signed in: since their creation — becomes inactive for "inactivity", each in its
 * own transaction: every session, token and grant ends, audited as done by the system. A user
 * exempted until today or later (issue #39 §4) stays.
 */
export async function deactivateInactiveUsers(database: Database, now = new Date()): Promise<{ deactivated: number }> {
  const cutoff = autoDeactivationCutoff(now);
  const due = await database
    .select({ id: identities.id })
    .from(identities)
    .where(
      and(
        eq(identities.status, "active"),
        notExempt(now),
        or(lt(identities.lastLoginAt, cutoff), and(isNull(identities.lastLoginAt), lt(identities.createdAt, cutoff))),
      ),
    );
  let deactivated = 0;
  for (const { id } of due) {
    const done = await database.transaction(async (tx) => {
      // Checked again under the lock: a sign-in since the list was read keeps the user active.
      const [user] = await tx
        .select({
          status: identities.status,
          lastLoginAt: identities.lastLoginAt,
          createdAt: identities.createdAt,
          dormancyExemptUntil: identities.dormancyExemptUntil,
        })
        .from(identities)
        .where(eq(identities.id, id))
        .for("update");
      if (!user || !dueForAutoDeactivation(user, now)) return false;
      const next = { status: "inactive" as const, deactivationReason: "inactivity" as const };
      await tx
        .update(identities)
        .set({ ...next, deactivatedAt: now, modifiedBy: null, updatedAt: now })
        .where(eq(identities.id, id));
      await endEverySession(tx, id);
      await recordAudit(tx, {
        entity: "identity",
        entityId: id,
        operation: "update",
        changes: fieldChanges({ status: "active", deactivationReason: null as string | null }, next, [
          "status",
          "deactivationReason",
        ]),
        actorId: null,
        at: now,
      });
      return true;
    });
    if (done) deactivated += 1;
  }
  return { deactivated };
}
