import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { identities, importRuns, organizations } from "~/db/schema";
import { IDENTITY_COLUMNS, ORGANIZATION_COLUMNS } from "~/imports/columns";
import {
  checkImportFile,
  failInterruptedImports,
  importRunOf,
  runImportJob,
  startImportRun,
} from "~/imports/import-runs.server";
import { setJobSender } from "~/jobs/queue.server";
import { actorOfId } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

function csvOf(rows: Record<string, string>[]): Uint8Array {
  const text = [IDENTITY_COLUMNS.join(","), ...rows.map((row) => IDENTITY_COLUMNS.map((c) => row[c] ?? "").join(","))];
  return new TextEncoder().encode(text.join("\n") + "\n");
}

describe.each(BACKENDS)("issue #17 §2 import runs and the bulk-import job on $name", (backend) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let otherAdminId: number;
  let columbus: number;
  const sent: { name: string; data: Record<string, unknown> }[] = [];
  const people = (prefix: string, count = 3) =>
    Array.from({ length: count }, (_, i) => ({
      email: `${prefix}${i}@example.com`,
      firstName: `Run${i}`,
      lastName: "Import",
      locationIds: String(columbus),
      securityRoles: "DEALER_STAFF",
    }));
  const check = async (bytes: Uint8Array, actorId = adminId) => {
    const outcome = await checkImportFile(handle.db, await actorOfId(handle.db, actorId), "identities", {
      name: "people.csv",
      bytes,
    });
    if (outcome.kind !== "checked") throw new Error("wrong type");
    return outcome.runId;
  };
  const countOf = async (prefix: string) =>
    (
      await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(identities)
        .where(sql`${identities.email} like ${`${prefix}%`}`)
    )[0].n;

  beforeAll(async () => {
    handle = await seededDatabase(backend);
    adminId = await identityIdOf(handle.db, "admin@example.com");
    otherAdminId = await identityIdOf(handle.db, "directory@example.com");
    [{ id: columbus }] = await handle.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, "Prairie Equipment – Columbus"));
    setJobSender(async (name, data) => {
      sent.push({ name, data });
    });
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    setJobSender(null);
    await handle?.close();
  });

  it("issue #17 §1 a file is checked by its content: an image named .csv is the wrong type; a good file is kept as its administrator's checked run", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(
      await checkImportFile(handle.db, await actorOfId(handle.db, adminId), "identities", {
        name: "people.csv",
        bytes: png,
      }),
    ).toEqual({
      kind: "wrongType",
    });
    const zipNotWorkbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect(
      await checkImportFile(handle.db, await actorOfId(handle.db, adminId), "identities", {
        name: "people.xlsx",
        bytes: zipNotWorkbook,
      }),
    ).toEqual({ kind: "wrongType" });
    const runId = await check(csvOf(people("checked.")));
    const run = await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId);
    // A name with control characters or a path is kept safe to show.
    const odd = await checkImportFile(handle.db, await actorOfId(handle.db, adminId), "identities", {
      name: "../a\u0000b.csv",
      bytes: csvOf(people("checked.")),
    });
    expect(
      odd.kind === "checked" &&
        (await importRunOf(handle.db, await actorOfId(handle.db, adminId), odd.runId))?.fileName,
    ).toBe("ab.csv");
    expect(run).toMatchObject({
      state: "checked",
      fileName: "people.csv",
      report: { rows: 3, create: 3, problemCount: 0 },
    });
    // Another administrator's run is not theirs to see.
    expect(await importRunOf(handle.db, await actorOfId(handle.db, otherAdminId), runId)).toBeUndefined();
    expect(await startImportRun(handle.db, await actorOfId(handle.db, otherAdminId), runId)).toBe("missing");
    // Nor is a run of identities to be started from the organizations' screen.
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId, { kind: "organizations" })).toBe(
      "missing",
    );
    expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId))?.state).toBe("checked");
    expect(await countOf("checked.")).toBe(0);
  });

  it("issue #17 §2 Import queues the run as a job; the job writes every row and the run shows done with its result; the same file again changes nothing", async () => {
    const file = csvOf(people("queued."));
    const runId = await check(file);
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("queued");
    expect(sent).toEqual([{ name: "bulk-import", data: { runId } }]);
    // A second "Import" while it waits is refused.
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("refused");
    expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId))?.state).toBe("queued");
    expect(await runImportJob(handle, runId, { publicUrl: "https://portal.example.com" })).toEqual({ imported: 3 });
    const done = await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId);
    expect(done).toMatchObject({ state: "done", done: 3, total: 3, error: null });
    expect(done?.result?.created.map((user) => [user.row, user.key])).toEqual([
      [2, "queued.0@example.com"],
      [3, "queued.1@example.com"],
      [4, "queued.2@example.com"],
    ]);
    expect(await countOf("queued.")).toBe(3);
    const [stored] = await handle.db.select({ file: importRuns.file }).from(importRuns).where(eq(importRuns.id, runId));
    expect(stored.file).toBeNull();
    // A second delivery of the same job finds the run taken and does nothing.
    expect(await runImportJob(handle, runId, { publicUrl: "https://portal.example.com" })).toEqual({ imported: 0 });
    // The same file again: all unchanged, so there is nothing to import.
    const again = await check(file);
    expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), again))?.report).toMatchObject({
      create: 0,
      update: 0,
      unchanged: 3,
    });
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), again)).toBe("refused");
  });

  it("issue #17 §2 an organization file runs through the same check, job and result", async () => {
    const header = ORGANIZATION_COLUMNS.join(",");
    const bytes = new TextEncoder().encode(`${header}\nRUN-D1,Run Dealer,dealer,1,NA,,\n`);
    const outcome = await checkImportFile(handle.db, await actorOfId(handle.db, adminId), "organizations", {
      name: "orgs.csv",
      bytes,
    });
    if (outcome.kind !== "checked") throw new Error("wrong type");
    expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), outcome.runId))?.report).toMatchObject({
      create: 1,
      problemCount: 0,
    });
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), outcome.runId)).toBe("queued");
    expect(await runImportJob(handle, outcome.runId, { publicUrl: "https://portal.example.com" })).toEqual({
      imported: 1,
    });
    const done = await importRunOf(handle.db, await actorOfId(handle.db, adminId), outcome.runId);
    expect(done?.result?.created.map((record) => record.key)).toEqual(["RUN-D1"]);
    const [created] = await handle.db.select().from(organizations).where(eq(organizations.externalId, "RUN-D1"));
    expect(created).toMatchObject({ name: "Run Dealer", type: "dealer", id: done?.result?.created[0].id });
  });

  it("issue #17 §2 a file with problems cannot be imported", async () => {
    const runId = await check(csvOf([...people("faulty."), { ...people("faulty.")[0], email: "not-an-address" }]));
    expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId))?.report).toMatchObject({
      problemCount: 1,
      create: 3,
    });
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("refused");
    expect(sent).toEqual([]);
  });

  it("issue #17 §2 rows that changed since the check fail the job, which writes nothing and says to upload again", async () => {
    const runId = await check(csvOf(people("changed.")));
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("queued");
    // Meanwhile the administrator's Columbus location is no longer theirs to fill: simulated by the
    // run's administrator changing to one who does not hold it.
    await handle.db.update(importRuns).set({ actorId: otherAdminId }).where(eq(importRuns.id, runId));
    expect(await runImportJob(handle, runId, { publicUrl: "https://portal.example.com" })).toEqual({ imported: 0 });
    const failed = await importRunOf(handle.db, await actorOfId(handle.db, otherAdminId), runId);
    expect(failed).toMatchObject({ state: "failed", error: "imports.errors.changedSinceCheck" });
    expect(failed?.report.problemCount).toBeGreaterThan(0);
    expect(await countOf("changed.")).toBe(0);
  });

  it("issue #17 §2 an import whose server was killed shows failed, wrote nothing, and can be run again", async () => {
    const runId = await check(csvOf(people("killed.")));
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("queued");
    // The job took the run, and its server died inside the transaction (nothing committed).
    const killedAt = new Date(Date.now() - 5 * 60_000);
    await handle.db
      .update(importRuns)
      .set({ state: "running", heartbeatAt: handle.kind === "postgres" ? killedAt : null })
      .where(eq(importRuns.id, runId));
    if (handle.kind === "postgres") {
      // Another instance's page sees the heartbeat stopped.
      expect((await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId))?.state).toBe("failed");
    }
    // The restarted job runner marks it failed for good.
    expect(await failInterruptedImports(handle)).toBe(1);
    expect(await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId)).toMatchObject({
      state: "failed",
      error: "imports.errors.interrupted",
    });
    expect(await countOf("killed.")).toBe(0);
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("queued");
    expect(await runImportJob(handle, runId, { publicUrl: "https://portal.example.com" })).toEqual({ imported: 3 });
    expect(await countOf("killed.")).toBe(3);
  });

  it("issue #17 §2 without a job runner, Import says so and the run can be started again later", async () => {
    const runId = await check(csvOf(people("norunner.")));
    setJobSender(null);
    try {
      expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("unavailable");
    } finally {
      setJobSender(async (name, data) => {
        sent.push({ name, data });
      });
    }
    expect(await importRunOf(handle.db, await actorOfId(handle.db, adminId), runId)).toMatchObject({
      state: "failed",
      error: "imports.errors.runnerUnavailable",
    });
    expect(await startImportRun(handle.db, await actorOfId(handle.db, adminId), runId)).toBe("queued");
  });
});
