import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, identities, oidcPayloads, roleAssignments, sessions } from "~/db/schema";
import { activateUser, deactivateUser, deleteUser, endSessionsOfUser } from "~/users/lifecycle.server";
import type { Actor } from "~/permissions/actor";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOf } from "./actor-of";

describe.each(BACKENDS)("issue #14 §5 deactivate and activate on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let actor: Actor;
  let dealerId: number;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    actor = await actorOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => handle?.close());

  it("deactivation ends every session, token and grant of the user at once, with the reason, audited", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    await handle.db.insert(sessions).values({ id: "s-dealer", identityId: dealerId, data: {}, expiresAt: expires });
    await handle.db.insert(oidcPayloads).values([
      {
        id: "grant-1",
        model: "Grant",
        payload: {},
        grantId: "grant-1",
        accountId: String(dealerId),
        expiresAt: expires,
      },
      {
        id: "rt-1",
        model: "RefreshToken",
        payload: {},
        grantId: "grant-1",
        accountId: String(dealerId),
        expiresAt: expires,
      },
      { id: "code-1", model: "AuthorizationCode", payload: {}, grantId: "grant-1", expiresAt: expires },
      { id: "other", model: "Session", payload: {}, accountId: String(adminId), expiresAt: expires },
    ]);
    expect(await deactivateUser(handle.db, actor, dealerId, "securityConcern")).toEqual({ kind: "done" });
    const [after] = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(after).toMatchObject({ status: "inactive", deactivationReason: "securityConcern", modifiedBy: adminId });
    expect(await handle.db.select().from(sessions).where(eq(sessions.identityId, dealerId))).toEqual([]);
    expect((await handle.db.select().from(oidcPayloads)).map((p) => p.id)).toEqual(["other"]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, dealerId)));
    expect(audit.map((a) => [a.field, a.oldValue, a.newValue])).toEqual(
      expect.arrayContaining([
        ["status", "active", "inactive"],
        ["deactivationReason", null, "securityConcern"],
      ]),
    );
    expect(await deactivateUser(handle.db, actor, dealerId, "other")).toEqual({ kind: "unchanged" });
  });

  it("activation restores the user and clears the reason", async () => {
    expect(await activateUser(handle.db, actor, dealerId)).toEqual({ kind: "done" });
    const [after] = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(after).toMatchObject({ status: "active", deactivationReason: null });
  });

  it("another dealer's user is missing for the administrator and does not change", async () => {
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await deactivateUser(handle.db, actor, haldenId, "other")).toEqual({ kind: "missing" });
    const [halden] = await handle.db.select().from(identities).where(eq(identities.id, haldenId));
    expect(halden.status).toBe("active");
  });

  it("ending a user's sessions removes them and their grants, keeps the user active, and is scoped", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    await handle.db.insert(sessions).values({ id: "s-dealer-2", identityId: dealerId, data: {}, expiresAt: expires });
    await handle.db.insert(oidcPayloads).values({
      id: "rt-2",
      model: "RefreshToken",
      payload: {},
      grantId: "g-2",
      accountId: String(dealerId),
      expiresAt: expires,
    });
    expect(await endSessionsOfUser(handle.db, actor, dealerId)).toEqual({ kind: "done" });
    expect(await handle.db.select().from(sessions).where(eq(sessions.identityId, dealerId))).toEqual([]);
    expect(await handle.db.select().from(oidcPayloads).where(eq(oidcPayloads.grantId, "g-2"))).toEqual([]);
    const [dealer] = await handle.db.select().from(identities).where(eq(identities.id, dealerId));
    expect(dealer.status).toBe("active");
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await endSessionsOfUser(handle.db, actor, haldenId)).toEqual({ kind: "missing" });
  });

  it("an administrator neither deactivates nor deletes their own account", async () => {
    expect(await deactivateUser(handle.db, actor, adminId, "other")).toEqual({ kind: "self" });
    expect(await deleteUser(handle.db, actor, adminId)).toEqual({ kind: "self" });
    const [admin] = await handle.db.select().from(identities).where(eq(identities.id, adminId));
    expect(admin.status).toBe("active");
  });

  it("SPEC #30 an administrator cannot change their own status nor end their own sessions", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    await handle.db.insert(sessions).values({ id: "s-admin-own", identityId: adminId, data: {}, expiresAt: expires });
    expect(await endSessionsOfUser(handle.db, actor, adminId)).toEqual({ kind: "self" });
    expect(await activateUser(handle.db, actor, adminId)).toEqual({ kind: "self" });
    expect(await deactivateUser(handle.db, actor, adminId, "leftCompany")).toEqual({ kind: "self" });
    expect(await deleteUser(handle.db, actor, adminId)).toEqual({ kind: "self" });
    expect(
      (await handle.db.select().from(sessions).where(eq(sessions.identityId, adminId))).map((row) => row.id),
    ).toContain("s-admin-own");
    const [admin] = await handle.db.select().from(identities).where(eq(identities.id, adminId));
    expect(admin.status).toBe("active");
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, adminId)));
    expect(audit).toEqual([]);
  });

  it("deleting a user removes the identity and its assignments; the audit keeps the id and no personal data", async () => {
    const partnerId = await identityIdOf(handle.db, "partner@example.com");
    expect(await deleteUser(handle.db, actor, partnerId)).toEqual({ kind: "deleted" });
    expect(await handle.db.select().from(identities).where(eq(identities.id, partnerId))).toEqual([]);
    expect(await handle.db.select().from(roleAssignments).where(eq(roleAssignments.identityId, partnerId))).toEqual([]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, partnerId), eq(auditLog.operation, "delete")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: "identity",
      field: null,
      oldValue: null,
      newValue: null,
      changedBy: adminId,
    });
    expect(await deleteUser(handle.db, actor, partnerId)).toEqual({ kind: "missing" });
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    expect(await deleteUser(handle.db, actor, haldenId)).toEqual({ kind: "missing" });
  });
});
