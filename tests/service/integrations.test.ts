import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, identities, integrationErrors, integrationPushes } from "~/db/schema";
import { recordAudit, recordAudits } from "~/audit/audit-writer.server";
import {
  deliverDuePushes,
  httpSend,
  pushStatusOf,
  queuePushes,
  setIntegrations,
  type IntegrationSettings,
} from "~/integrations/pushes.server";
import { activateUser, deactivateUser, forceResync } from "~/users/lifecycle.server";
import { runEveryJobOnce } from "~/assembly/jobs.server";
import type { MailTransport } from "~/mail/outbox.server";
import { startPushTarget, type PushTarget } from "../support/push-target";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

const SECRET = "push-secret-0123456789";
const transport: MailTransport = { kind: "log", send: async () => undefined };
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

describe.each(BACKENDS)("issue #15 §3 downstream pushes on $name", (backend) => {
  let handle: DatabaseHandle;
  let target: PushTarget;
  let settings: IntegrationSettings;
  let adminId: number;
  let admin: Actor;
  let dealerId: number;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    target = await startPushTarget(SECRET);
    settings = { targets: [{ name: "dms", type: "DMS", url: target.url, secret: SECRET }], retrySeconds: 30 };
    setIntegrations(settings, () => handle.db);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    admin = await actorOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => {
    setIntegrations({ targets: [], retrySeconds: 60 });
    await target?.close();
    await handle?.close();
  });
  beforeEach(async () => {
    target.failWith(null);
    target.received.length = 0;
    await deliverDuePushes(handle.db, settings, later(new Date(), 3600));
    target.received.length = 0;
  });

  it("a user's change queues a push in its own transaction; the push reaches the target signed, and the status shows it", async () => {
    const now = new Date();
    expect((await deactivateUser(handle.db, admin, dealerId, "leftCompany")).kind).toBe("done");
    const [waiting] = await handle.db
      .select()
      .from(integrationPushes)
      .where(and(eq(integrationPushes.subjectKind, "identity"), eq(integrationPushes.subjectId, dealerId)));
    expect(waiting).toMatchObject({ state: "pending", target: "dms", attempts: 0 });

    expect(await deliverDuePushes(handle.db, settings, later(now, 1))).toEqual({ synced: 1, retrying: 0, failed: 0 });
    expect(target.received).toHaveLength(1);
    const [push] = target.received;
    expect(push.signed).toBe(true);
    expect(push.body).toMatchObject({
      type: "identity",
      deleted: false,
      identity: { id: dealerId, email: "dealer@example.com", status: "inactive", deactivationReason: "leftCompany" },
    });
    const [status] = await pushStatusOf(handle.db, "identity", dealerId);
    expect(status).toMatchObject({ target: "dms", type: "DMS", state: "synced", attempts: 0, lastError: null });
    expect(status.lastSuccessAt).toBeInstanceOf(Date);
    // Nothing is left to send.
    expect(await deliverDuePushes(handle.db, settings, later(now, 2))).toEqual({ synced: 0, retrying: 0, failed: 0 });
    await activateUser(handle.db, admin, dealerId);
  });

  it("a change that rolls back queues nothing", async () => {
    const before = await handle.db.select().from(integrationPushes);
    await expect(
      handle.db.transaction(async (tx) => {
        await recordAudit(tx, { entity: "identity", entityId: dealerId, operation: "update", changes: [], actorId: 1 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await handle.db.select().from(integrationPushes)).toEqual(before);
  });

  it("audits of many records at once (a bulk import) write each record's rows and queue one push per identity and organization", async () => {
    const at = new Date();
    const organizationId = 424_242;
    await recordAudits(handle.db, [
      {
        entity: "identity",
        entityId: adminId,
        operation: "update",
        changes: [
          { field: "jobTitle", oldValue: null, newValue: 'Bulk, "quoted" {x}' },
          { field: "phoneMobile", oldValue: "+1 555 0100", newValue: null },
        ],
        actorId: adminId,
        at,
      },
      { entity: "identity", entityId: dealerId, operation: "update", changes: [], actorId: null, at },
      { entity: "organization", entityId: organizationId, operation: "create", changes: [], actorId: adminId, at },
      { entity: "announcement", entityId: 7, operation: "update", changes: [], actorId: adminId, at },
    ]);
    const written = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.changedOn, at), inArray(auditLog.entity, ["identity", "organization", "announcement"])));
    expect(
      written.map((row) => [row.entity, row.entityId, row.field, row.oldValue, row.newValue, row.changedBy]).sort(),
    ).toEqual(
      [
        ["announcement", 7, null, null, null, adminId],
        ["identity", adminId, "jobTitle", null, 'Bulk, "quoted" {x}', adminId],
        ["identity", adminId, "phoneMobile", "+1 555 0100", null, adminId],
        ["identity", dealerId, null, null, null, null],
        ["organization", organizationId, null, null, null, adminId],
      ].sort(),
    );
    const queued = await handle.db.select().from(integrationPushes).where(eq(integrationPushes.requestedAt, at));
    expect(queued.map((push) => `${push.subjectKind} ${push.subjectId} ${push.state}`).sort()).toEqual(
      [`identity ${adminId} pending`, `identity ${dealerId} pending`, `organization ${organizationId} pending`].sort(),
    );
    await handle.db.delete(integrationPushes).where(eq(integrationPushes.subjectId, organizationId));
  });

  it("issue #15 §6: a push that fails three times, with back-off between, writes one integration error", async () => {
    target.failWith(503);
    const start = new Date();
    expect((await forceResync(handle.db, admin, dealerId)).kind).toBe("sent");
    const errorsBefore = (await handle.db.select().from(integrationErrors)).length;

    expect(await deliverDuePushes(handle.db, settings, later(start, 1))).toMatchObject({ retrying: 1 });
    // The first retry waits the base (30 s): not before.
    expect(await deliverDuePushes(handle.db, settings, later(start, 20))).toMatchObject({ retrying: 0, failed: 0 });
    expect(await deliverDuePushes(handle.db, settings, later(start, 32))).toMatchObject({ retrying: 1 });
    // The second waits twice the base (60 s after the second attempt).
    expect(await deliverDuePushes(handle.db, settings, later(start, 80))).toMatchObject({ retrying: 0, failed: 0 });
    expect(await deliverDuePushes(handle.db, settings, later(start, 93))).toMatchObject({ failed: 1 });
    expect(target.received.map((push) => push.status)).toEqual([503, 503, 503]);

    const errors = await handle.db.select().from(integrationErrors);
    expect(errors).toHaveLength(errorsBefore + 1);
    const [serial] = await handle.db
      .select({ serialNumber: identities.serialNumber })
      .from(identities)
      .where(eq(identities.id, dealerId));
    expect(errors.at(-1)).toMatchObject({
      subjectKind: "identity",
      subjectId: dealerId,
      serialNumber: serial.serialNumber,
      integrationType: "IDENTITY",
      targetType: "DMS",
      targetId: "dms",
      functionName: "portal-push-identity",
      logGroup: "dealer-portal/integrations",
      message: "HTTP 503 from dms",
    });
    expect(errors.at(-1)!.organizationId).toEqual(expect.any(Number));
    const [status] = await pushStatusOf(handle.db, "identity", dealerId);
    expect(status).toMatchObject({ state: "failed", attempts: 3, lastError: "HTTP 503 from dms" });
    // Given up: no further attempt.
    expect(await deliverDuePushes(handle.db, settings, later(start, 3600))).toMatchObject({ failed: 0, retrying: 0 });
  });

  it("a change made while its push is on the way stays waiting for its own push", async () => {
    const start = new Date();
    await queuePushes(handle.db, "identity", dealerId, start);
    const changingMeanwhile: typeof httpSend = async (to, body, headers) => {
      await queuePushes(handle.db, "identity", dealerId, start);
      await httpSend(to, body, headers);
    };
    expect(await deliverDuePushes(handle.db, settings, later(start, 1), changingMeanwhile)).toMatchObject({
      synced: 1,
    });
    const [status] = await pushStatusOf(handle.db, "identity", dealerId);
    expect(status.state).toBe("pending");
    expect(status.lastSuccessAt).toBeInstanceOf(Date);
    expect(await deliverDuePushes(handle.db, settings, later(start, 2))).toMatchObject({ synced: 1 });
    expect((await pushStatusOf(handle.db, "identity", dealerId))[0].state).toBe("synced");
  });

  it("force resync is refused for another dealer's user and says so without targets; the job sends retries", async () => {
    const outsider = await identityIdOf(handle.db, "halden@example.com");
    expect((await forceResync(handle.db, admin, outsider)).kind).toBe("missing");
    expect((await forceResync(handle.db, admin, dealerId)).kind).toBe("sent");
    const done = await runEveryJobOnce(handle, transport, later(new Date(), 1));
    expect(done["integration-push"]).toEqual({ synced: 1, retrying: 0, failed: 0 });
    expect(target.received.at(-1)!.body).toMatchObject({ identity: { id: dealerId } });
    setIntegrations({ targets: [], retrySeconds: 60 });
    try {
      expect((await forceResync(handle.db, admin, dealerId)).kind).toBe("noTargets");
    } finally {
      setIntegrations(settings, () => handle.db);
    }
  });
});
