import { verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog, identities } from "~/db/schema";
import { checkCredentials } from "~/security/credentials.server";
import { changePasswordOnDemand, migrateAccount, migrationPending } from "~/account-migration/migration.server";
import { loadAccessProfile } from "~/permissions/access-profile.server";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";
import { actorOfId } from "./actor-of";

describe.each(BACKENDS)("issue #16 §2 account migration on $name", (backend) => {
  let handle: DatabaseHandle;
  let migrateId: number;
  let dealerId: number;
  const input = {
    password: "Harbor#Light42",
    confirmPassword: "Harbor#Light42",
    securityQuestion: "What was the name of your first pet?",
    securityAnswer: "  Rex  the Dog ",
  };

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    migrateId = await identityIdOf(handle.db, "migrate@example.com");
    dealerId = await identityIdOf(handle.db, "dealer@example.com");
  });
  afterAll(async () => handle?.close());

  it("the demo account to migrate carries changePassword in its access data; the other demo accounts carry no required action", async () => {
    expect((await loadAccessProfile(handle.db, migrateId))?.access.requiredActions).toEqual(["changePassword"]);
    for (const email of ["admin@example.com", "dealer@example.com", "employee@example.com", "auditor@example.com"]) {
      const id = await identityIdOf(handle.db, email);
      expect((await loadAccessProfile(handle.db, id))?.access.requiredActions, email).toEqual([]);
    }
  });

  it("stores the new password, the question and the answer hashed, clears the flag, audited without secrets", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    expect(await migrateAccount(handle.db, await actorOfId(handle.db, migrateId), input, now)).toEqual({
      kind: "changed",
    });
    const [row] = await handle.db.select().from(identities).where(eq(identities.id, migrateId));
    expect(row.requiredActions).toEqual([]);
    expect(row.securityQuestion).toBe(input.securityQuestion);
    expect(row.securityAnswerHash).not.toContain("Rex");
    expect(await verify(row.securityAnswerHash!, "rex the dog")).toBe(true);
    expect(row.lastPassportChange?.toISOString()).toBe(now.toISOString());
    expect(await migrationPending(handle.db, await actorOfId(handle.db, migrateId))).toBe(false);
    expect((await checkCredentials(handle.db, "migrate@example.com", "Harbor#Light42")).ok).toBe(true);
    expect((await checkCredentials(handle.db, "migrate@example.com", "Demo#Portal2026")).ok).toBe(false);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, migrateId)));
    expect(audit.map((a) => a.field).sort()).toEqual(["password", "requiredActions", "securityQuestion"]);
    expect(JSON.stringify(audit)).not.toContain("Harbor");
    expect(JSON.stringify(audit)).not.toContain("Rex");
  });

  it("an account with nothing to migrate is left as it is", async () => {
    expect(await migrateAccount(handle.db, await actorOfId(handle.db, dealerId), input)).toEqual({
      kind: "notRequired",
    });
    expect((await checkCredentials(handle.db, "dealer@example.com", "Demo#Portal2026")).ok).toBe(true);
    expect(
      await migrateAccount(handle.db, await actorOfId(handle.db, migrateId), { ...input, password: "Other#Pass2026" }),
    ).toEqual({
      kind: "notRequired",
    });
  });

  it("SPEC §6 change-password entry on demand: changes the password of an account with nothing to migrate, audited without a required action", async () => {
    const adminId = await identityIdOf(handle.db, "admin@example.com");
    const now = new Date("2026-11-24T08:00:00Z");
    expect(
      await changePasswordOnDemand(
        handle.db,
        await actorOfId(handle.db, adminId),
        { ...input, password: "Quay#Lantern77" },
        now,
      ),
    ).toEqual({ kind: "changed" });
    expect((await checkCredentials(handle.db, "admin@example.com", "Quay#Lantern77")).ok).toBe(true);
    expect((await checkCredentials(handle.db, "admin@example.com", "Demo#Portal2026")).ok).toBe(false);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity"), eq(auditLog.entityId, adminId), eq(auditLog.changedOn, now)));
    expect(audit.map((a) => a.field).sort()).toEqual(["password", "securityQuestion"]);
    expect(JSON.stringify(audit)).not.toContain("Quay");
  });
});
