import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { integrationPushes } from "~/db/schema";
import { recordLogin } from "~/auth/identity.server";
import { listAudit } from "~/audit/audit-log.server";
import { auditQueryOf } from "~/audit/query";
import { setIntegrations } from "~/integrations/pushes.server";
import { activateUser, deactivateUser } from "~/users/lifecycle.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

const query = (search: string) => auditQueryOf(new URLSearchParams(search));

describe.each(BACKENDS)("issue #15 §4 audit views on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let dealerId: number;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => {
    setIntegrations({ targets: [], retrySeconds: 60 });
    await handle?.close();
  });

  it("a sign-in is audited as a last-login change by the user, and is not pushed downstream", async () => {
    setIntegrations({
      targets: [{ name: "dms", type: "DMS", url: "http://127.0.0.1:9/none", secret: "0123456789abcdef" }],
      retrySeconds: 60,
    });
    try {
      await recordLogin(handle.db, dealerId);
    } finally {
      setIntegrations({ targets: [], retrySeconds: 60 });
    }
    const { rows } = await listAudit(
      handle.db,
      await actorOfId(handle.db, adminId),
      "users",
      query("q=dealer%40example.com"),
    );
    expect(rows[0]).toMatchObject({ field: "lastLoginAt", operation: "update", subject: "Dana Reyes" });
    expect(rows[0].changedBy).toBe("Dana Reyes");
    const pushes = await handle.db
      .select()
      .from(integrationPushes)
      .where(and(eq(integrationPushes.subjectKind, "identity"), eq(integrationPushes.subjectId, dealerId)));
    expect(pushes).toEqual([]);
  });

  it("exclude last logins hides sign-ins; the operation and day filters narrow; the system is the actor of none here", async () => {
    await deactivateUser(handle.db, await actorOfId(handle.db, adminId), dealerId, "other");
    await activateUser(handle.db, await actorOfId(handle.db, adminId), dealerId);
    const all = await listAudit(
      handle.db,
      await actorOfId(handle.db, adminId),
      "users",
      query("q=dealer%40example.com"),
    );
    const withoutSignIns = await listAudit(
      handle.db,
      await actorOfId(handle.db, adminId),
      "users",
      query("q=dealer%40example.com&excludeLastLogins=1"),
    );
    expect(all.rows.some((row) => row.field === "lastLoginAt")).toBe(true);
    expect(withoutSignIns.rows.some((row) => row.field === "lastLoginAt")).toBe(false);
    expect(withoutSignIns.rows.map((row) => row.field)).toEqual(
      expect.arrayContaining(["status", "deactivationReason"]),
    );
    expect(withoutSignIns.rows.every((row) => row.changedBy === "Alex Morgan")).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await listAudit(handle.db, await actorOfId(handle.db, adminId), "users", query(`from=${tomorrow}`))).total,
    ).toBe(0);
    const updates = await listAudit(handle.db, await actorOfId(handle.db, adminId), "users", query("operation=delete"));
    expect(updates.rows.every((row) => row.operation === "delete")).toBe(true);
  });

  it("an administrator reads only the history of their own users and locations", async () => {
    const haldenId = await identityIdOf(handle.db, "halden@example.com");
    await recordLogin(handle.db, haldenId);
    expect(
      (await listAudit(handle.db, await actorOfId(handle.db, adminId), "users", query("q=halden%40example.com"))).total,
    ).toBe(0);
    const theirs = await listAudit(
      handle.db,
      await actorOfId(handle.db, haldenId),
      "users",
      query("q=halden%40example.com"),
    );
    expect(theirs.total).toBeGreaterThan(0);
    const organizations = await listAudit(handle.db, await actorOfId(handle.db, adminId), "organizations", query(""));
    const haldenOrganizations = await listAudit(
      handle.db,
      await actorOfId(handle.db, haldenId),
      "organizations",
      query(""),
    );
    expect(organizations.total).toBeGreaterThan(0);
    const mine = new Set(organizations.rows.map((row) => row.subjectId));
    expect(haldenOrganizations.rows.some((row) => mine.has(row.subjectId))).toBe(false);
    // Oldest first when asked: the system created them at set-up.
    const oldest = await listAudit(
      handle.db,
      await actorOfId(handle.db, adminId),
      "organizations",
      query("sortBy=changedOn&sortType=asc"),
    );
    expect(oldest.rows[0]).toMatchObject({ operation: "create", changedBy: null });
  });
});
