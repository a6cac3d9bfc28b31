/**
 * Issue #37 §3: `kill -9` of the instance running a 10 000-row import. The import is one
 * transaction, so nothing of it is in the database; once its heartbeat is stale the run shows
 * Failed with "Run again", and running it again imports every row.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_HEARTBEAT_STALE_MS } from "../../app/imports/run-state";
import { POSTGRES_URL, postgresReachable } from "../service/backends";
import { checkedIdentityImport, runReaches, startImport } from "./imports";
import { PortalClient } from "./portal";
import { postgresPortal, stopProcess, type PostgresPortal } from "./processes";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const ROWS = 10_000;

describe.skipIf(!reachable)("issue #37 §3: kill -9 of the instance running an import", () => {
  let portal: PostgresPortal;

  beforeAll(async () => {
    portal = await postgresPortal(`portal_fault_import_${process.pid}`, { LOG_LEVEL: "warn" });
  });

  afterAll(async () => {
    await portal?.close();
  });

  const imported = async () => {
    const result = (await portal.database.db.execute(
      sql`select count(*)::int as n from identities where email like 'killed.%@example.com'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };

  it("the run shows Failed, no row of it is in the database, and Run again imports every row", async () => {
    const db = portal.database.db;
    const admin = new PortalClient(portal.origin, db);
    await admin.signIn();
    const { runPath, runId } = await checkedIdentityImport(admin, ROWS, "killed");
    expect((await startImport(admin, runPath)).status).toBe(302);
    // Killed mid-way: rows written (its progress says so), the transaction not committed.
    expect(await runReaches(db, runId, "running", Date.now() + 60_000, (run) => run.done > 0)).toBe("running");
    await stopProcess(portal.process().child, "SIGKILL");
    const killedAt = Date.now();
    expect(await imported()).toBe(0);

    await portal.restart();
    await admin.signIn();
    // The run fails once its heartbeat is stale (another instance could still be running it before that).
    let page = "";
    while (Date.now() - killedAt < IMPORT_HEARTBEAT_STALE_MS + 60_000) {
      page = await (await admin.send(runPath)).text();
      if (page.includes("Run again")) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(page).toContain("The import was interrupted (the server stopped) and changed nothing. Run it again.");
    expect(page).toContain("Run again");
    const recent = await (await admin.send("/admin/wsr-bulk-assignments")).text();
    expect(recent).toMatch(/people\.csv[\s\S]*?Failed/);
    expect(await imported()).toBe(0);

    expect((await startImport(admin, runPath)).status).toBe(302);
    expect(await runReaches(db, runId, "done", Date.now() + 120_000)).toBe("done");
    expect(await imported()).toBe(ROWS);
  }, 300_000);
});
