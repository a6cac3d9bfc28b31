import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { recordAudit } from "~/audit/audit-writer.server";
import { BACKENDS } from "./backends";
import { refusal } from "./refusal";

describe.each(BACKENDS)("issue #15 §4 the audit history is append-only on $name", (backend) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await backend.open();
    await handle.migrate();
  });
  afterAll(async () => handle?.close());

  it("the database refuses UPDATE, DELETE and TRUNCATE of audit rows; inserting still works", async () => {
    await recordAudit(handle.db, {
      entity: "identity",
      entityId: 42,
      operation: "update",
      changes: [{ field: "jobTitle", oldValue: "Clerk", newValue: "Lead" }],
      actorId: null,
    });
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, 42));
    expect(await refusal(handle.db.update(auditLog).set({ newValue: "Owner" }).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(handle.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(handle.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.id, row.id))).toEqual([row]);
  });
});
