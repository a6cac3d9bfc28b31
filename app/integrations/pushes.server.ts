import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import {
  identities,
  integrationErrors,
  integrationPushes,
  organizations,
  roleAssignments,
  securityRoles,
  userApplications,
} from "~/db/schema";
import { logger } from "~/logger.server";
import { onAuditedChanges, type AuditedChange } from "~/audit/audit-writer.server";
import { onlySignIn } from "~/audit/query";
import { afterFailedAttempt, pushErrorText, pushSignature } from "./rules";
import type { IntegrationTarget } from "../validation/integration-targets";

export type PushSubject = "identity" | "organization";

/** The targets and the back-off base of this process (set at start from the configuration). */
export interface IntegrationSettings {
  targets: IntegrationTarget[];
  retrySeconds: number;
}

/** A push's delivery: resolves when the target took it (2xx), throws with the reason otherwise. */
export type PushSender = (target: IntegrationTarget, body: string, headers: Record<string, string>) => Promise<void>;

/** What the server (or `npm run jobs`, or a test) set at start. */
let integrations:
  | {
      settings: IntegrationSettings;
      database?: () => Database;
      running: Promise<unknown>;
      /** This process queued a push since its last delivery run (a write request that queued none costs no query). */
      queued?: boolean;
    }
  | undefined;

/**
 * Set by the server (and by `npm run jobs`, and tests) at start; without it nothing is pushed. It
 * subscribes the pushes to audited changes, so every audited change of an identity or an
 * organization is queued in its own transaction.
 */
export function setIntegrations(settings: IntegrationSettings, database?: () => Database): void {
  integrations = { settings, database, running: Promise.resolve() };
  onAuditedChanges(queueAuditedPushes);
}

export function integrationSettings(): IntegrationSettings {
  return integrations?.settings ?? { targets: [], retrySeconds: 60 };
}

/** How long a deliverer holds a row it took (a crashed one's rows are taken again after it). */
const CLAIM_MS = 2 * 60 * 1000;
/** The report's "function name" and log group of a push (this process and its log, not a cloud function). */
const FUNCTION_NAMES: Record<PushSubject, string> = {
  identity: "portal-push-identity",
  organization: "portal-push-organization",
};
const LOG_GROUP = "dealer-portal/integrations";

/**
 * In the change's transaction: the record is to be pushed to every target (a newer change of a
 * record that waits replaces the waiting push). Answers how many pushes wait now.
 */
export async function queuePushes(
  executor: Executor,
  kind: PushSubject,
  id: number | readonly number[],
  now = new Date(),
) {
  const { targets } = integrationSettings();
  const ids = typeof id === "number" ? [id] : [...new Set(id)];
  if (targets.length === 0 || ids.length === 0) return 0;
  integrations!.queued = true;
  for (let start = 0; start < ids.length; start += PUSH_INSERT_BATCH) {
    await queuePushRows(executor, kind, ids.slice(start, start + PUSH_INSERT_BATCH), targets, now);
  }
  return targets.length;
}
/**
 * The audited changes of identities and organizations, queued for every target in the changes'
 * transaction, so every audited change is pushed and a change that rolls back is not (a sign-in
 * alone, or a preview, is not sent). Subjects are grouped by kind and time: an import's changes share one time,
 * so one queue call each.
 */
async function queueAuditedPushes(executor: Executor, changes: readonly AuditedChange[]): Promise<void> {
  const pushed = new Map<string, { kind: PushSubject; at: Date; ids: number[] }>();
  for (const change of changes) {
    if ((change.entity !== "identity" && change.entity !== "organization") || onlySignIn(change.changes)) continue;
    // A preview looked at the user; nothing of theirs changed.
    if (change.operation === "previewed") continue;
    const key = `${change.entity} ${change.at.getTime()}`;
    const group = pushed.get(key) ?? { kind: change.entity, at: change.at, ids: [] };
    group.ids.push(Number(change.entityId));
    pushed.set(key, group);
  }
  for (const group of pushed.values()) await queuePushes(executor, group.kind, group.ids, group.at);
}

/** Subjects queued per statement (a bulk import's thousands), times the targets, well below 65 535 parameters. */
const PUSH_INSERT_BATCH = 1000;

async function queuePushRows(
  executor: Executor,
  kind: PushSubject,
  ids: readonly number[],
  targets: readonly IntegrationTarget[],
  now: Date,
) {
  await executor
    .insert(integrationPushes)
    .values(
      ids.flatMap((subjectId) =>
        targets.map((target) => ({
          subjectKind: kind,
          subjectId,
          target: target.name,
          state: "pending" as const,
          nextAttemptAt: now,
          requestedAt: now,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [integrationPushes.subjectKind, integrationPushes.subjectId, integrationPushes.target],
      set: {
        state: "pending",
        attempts: 0,
        nextAttemptAt: now,
        requestedAt: now,
        generation: sql`${integrationPushes.generation} + 1`,
      },
    });
}

/** The body of a push: the record as it is now (a deleted one says so), and who it is for the report. */
async function subjectOf(database: Database, kind: PushSubject, id: number) {
  if (kind === "organization") {
    const [organization] = await database.select().from(organizations).where(eq(organizations.id, id));
    if (!organization) return { record: { id, deleted: true }, organizationId: id, serialNumber: null, modified: null };
    return { record: organization, organizationId: id, serialNumber: null, modified: organization.updatedAt };
  }
  const [identity] = await database.select().from(identities).where(eq(identities.id, id));
  if (!identity) return { record: { id, deleted: true }, organizationId: null, serialNumber: null, modified: null };
  const [assignments, applications] = await Promise.all([
    database
      .select({
        organizationId: roleAssignments.organizationId,
        role: securityRoles.name,
        preferred: roleAssignments.isPreferred,
      })
      .from(roleAssignments)
      .innerJoin(securityRoles, eq(securityRoles.id, roleAssignments.securityRoleId))
      .where(eq(roleAssignments.identityId, id))
      .orderBy(asc(roleAssignments.organizationId), asc(securityRoles.name)),
    database
      .select({ id: userApplications.applicationId })
      .from(userApplications)
      .where(eq(userApplications.identityId, id)),
  ]);
  const preferred = assignments.find((a) => a.preferred) ?? assignments[0];
  return {
    record: {
      id: identity.id,
      serialNumber: identity.serialNumber,
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      jobTitle: identity.jobTitle,
      preferredLanguage: identity.preferredLanguage,
      userType: identity.userType,
      role: identity.role,
      status: identity.status,
      deactivationReason: identity.deactivationReason,
      emailVerified: identity.emailVerifiedAt !== null,
      assignments: assignments.map(({ organizationId, role }) => ({ organizationId, role })),
      applications: applications.map((a) => a.id),
      lastModified: identity.updatedAt,
    },
    organizationId: preferred?.organizationId ?? null,
    serialNumber: identity.serialNumber,
    modified: identity.updatedAt,
  };
}

/** POSTs the body with its signature; anything but a 2xx answer (or no answer in 10 s) is a failure. */
export const httpSend: PushSender = async (target, body, headers) => {
  const response = await fetch(target.url, {
    method: "POST",
    body,
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`HTTP ${response.status} from ${target.name}`);
};

/**
 * Sends the pushes that are due, oldest first. Each row is claimed before it is sent, so two
 * instances never push the same change at once. A failure waits its back-off; the last one writes
 * an integration error. A record changed again meanwhile keeps its newer, waiting push.
 */
export async function deliverDuePushes(
  database: Database,
  settings: IntegrationSettings = integrationSettings(),
  now = new Date(),
  send: PushSender = httpSend,
): Promise<{ synced: number; retrying: number; failed: number }> {
  const counts = { synced: 0, retrying: 0, failed: 0 };
  const targets = new Map(settings.targets.map((target) => [target.name, target]));
  if (targets.size === 0) return counts;
  const p = integrationPushes;
  const claimed = await database
    .update(p)
    .set({
      state: "sending",
      attempts: sql`${p.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
      lastAttemptAt: now,
    })
    .where(
      sql`(${p.subjectKind}, ${p.subjectId}, ${p.target}) in (${database
        .select({ kind: p.subjectKind, id: p.subjectId, target: p.target })
        .from(p)
        .where(
          and(
            inArray(p.state, ["pending", "sending"]),
            lt(p.nextAttemptAt, new Date(now.getTime() + 1)),
            inArray(p.target, [...targets.keys()]),
          ),
        )
        .orderBy(asc(p.nextAttemptAt))
        .limit(50)
        .for("update", { skipLocked: true })})`,
    )
    .returning();
  for (const row of claimed) {
    const target = targets.get(row.target)!;
    const subject = await subjectOf(database, row.subjectKind, row.subjectId);
    const same = and(
      eq(p.subjectKind, row.subjectKind),
      eq(p.subjectId, row.subjectId),
      eq(p.target, row.target),
      eq(p.generation, row.generation),
    );
    const body = JSON.stringify({
      type: row.subjectKind,
      deleted: "deleted" in subject.record,
      generation: row.generation,
      sentAt: now.toISOString(),
      [row.subjectKind]: subject.record,
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    try {
      await send(target, body, {
        "content-type": "application/json",
        "x-portal-timestamp": String(timestamp),
        "x-portal-signature": pushSignature(target.secret, timestamp, body),
        "x-portal-delivery": `${row.subjectKind}-${row.subjectId}-${row.generation}`,
      });
      // A newer request of the same record stays pending; only its success time is kept.
      const done = await database
        .update(p)
        .set({ state: "synced", attempts: 0, nextAttemptAt: null, lastSuccessAt: now, lastError: null })
        .where(same)
        .returning({ target: p.target });
      if (done.length === 0) {
        await database
          .update(p)
          .set({ lastSuccessAt: now })
          .where(and(eq(p.subjectKind, row.subjectKind), eq(p.subjectId, row.subjectId), eq(p.target, row.target)));
      }
      counts.synced += 1;
    } catch (error) {
      const message = pushErrorText(error);
      const next = afterFailedAttempt(row.attempts, now, settings.retrySeconds);
      logger.warn(
        { push: `${row.subjectKind}-${row.subjectId}`, target: row.target, attempt: row.attempts, err: message },
        next.state === "failed" ? "push failed for good" : "push failed; it will be retried",
      );
      await database.transaction(async (tx) => {
        const updated = await tx
          .update(p)
          .set(
            next.state === "failed"
              ? { state: "failed", nextAttemptAt: null, lastError: message }
              : { state: "pending", nextAttemptAt: next.nextAttemptAt, lastError: message },
          )
          .where(same)
          .returning({ target: p.target });
        if (next.state === "failed" && updated.length > 0) {
          await tx.insert(integrationErrors).values({
            subjectKind: row.subjectKind,
            subjectId: row.subjectId,
            organizationId: subject.organizationId,
            serialNumber: subject.serialNumber,
            integrationType: row.subjectKind === "identity" ? "IDENTITY" : "ORGANIZATION",
            targetType: target.type,
            targetId: target.name,
            functionName: FUNCTION_NAMES[row.subjectKind],
            logGroup: LOG_GROUP,
            logStream: `${now.toISOString().slice(0, 10).replaceAll("-", "/")}/${target.name}`,
            message,
            errorDate: now,
            lastModified: subject.modified ?? now,
          });
        }
      });
      if (next.state === "failed") counts.failed += 1;
      else counts.retrying += 1;
    }
  }
  return counts;
}

/**
 * Delivers what is due in the background, one run after another, when this process queued a push
 * since the last run (after a commit that queued pushes). Retries are the minute schedule's.
 */
export function pushSoon(): Promise<unknown> {
  const current = integrations;
  if (!current?.database || current.settings.targets.length === 0 || !current.queued)
    return current?.running ?? Promise.resolve();
  current.queued = false;
  const database = current.database;
  current.running = current.running
    .then(() => deliverDuePushes(database(), current.settings))
    .catch((error: unknown) => logger.warn({ err: pushErrorText(error) }, "push delivery run failed"));
  return current.running;
}

/** Per target: the state of this record's push (a target never pushed to shows as such). */
export async function pushStatusOf(database: Executor, kind: PushSubject, id: number) {
  const { targets } = integrationSettings();
  if (targets.length === 0) return [];
  const rows = await database
    .select()
    .from(integrationPushes)
    .where(and(eq(integrationPushes.subjectKind, kind), eq(integrationPushes.subjectId, id)));
  const byTarget = new Map(rows.map((row) => [row.target, row]));
  return targets.map((target) => {
    const row = byTarget.get(target.name);
    return {
      target: target.name,
      type: target.type,
      state: row ? row.state : ("never" as const),
      attempts: row?.attempts ?? 0,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lastAttemptAt: row?.lastAttemptAt ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}
