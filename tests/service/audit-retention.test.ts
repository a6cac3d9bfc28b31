import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { deleteExpiredAudit } from "~/audit/retention.server";
import { BACKENDS } from "./backends";
import { refusal } from "./refusal";

const DAY_MS = 86_400_000;

describe.each(BACKENDS)("issue #37 §5 AUDIT_RETENTION_DAYS on $name", (backend) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await backend.open();
    await handle.migrate();
  });
  afterAll(async () => handle?.close());

  async function entries(daysAgo: number[]): Promise<number[]> {
    const rows = await handle.db
      .insert(auditLog)
      .values(
        daysAgo.map((days, n) => ({
          entity: "identity",
          entityId: 9_000 + n,
          operation: "update",
          field: "jobTitle",
          changedOn: new Date(Date.now() - days * DAY_MS),
        })),
      )
      .returning({ id: auditLog.id });
    return rows.map((row) => row.id);
  }

  const remaining = async (ids: number[]) =>
    (await handle.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, ids))).map((row) => row.id);

  it("the housekeeping's retention deletes the entries older than the retention, batch after batch, and keeps the younger", async () => {
    const old = await entries([900, 800, 731]);
    const young = await entries([729, 10, 0]);
    expect(await deleteExpiredAudit(handle.db, 730, 2)).toBe(3);
    expect(await remaining(old)).toEqual([]);
    expect((await remaining(young)).sort()).toEqual([...young].sort());
    expect(await deleteExpiredAudit(handle.db, 730, 2)).toBe(0);
  });

  it("the database lets no one else delete an entry: not without naming the retention, not one younger than it", async () => {
    const [old] = await entries([800]);
    const [young] = await entries([100]);
    expect(await refusal(() => handle.db.delete(auditLog).where(inArray(auditLog.id, [old])))).toMatch(
      /append-only: DELETE refused/,
    );
    const deleteNaming = (days: string, id: number) =>
      refusal(() =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('portal.audit_retention_days', ${days}, true)`);
          await tx.delete(auditLog).where(inArray(auditLog.id, [id]));
        }),
      );
    expect(await deleteNaming("730", young)).toMatch(/append-only: DELETE refused/);
    // Naming a retention of zero days lets nothing through either, not even the old entry.
    expect(await deleteNaming("0", old)).toMatch(/append-only: DELETE refused/);
    expect((await remaining([old, young])).sort()).toEqual([old, young].sort());
  });
});
