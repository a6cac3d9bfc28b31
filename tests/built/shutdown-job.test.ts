/**
 * Issue #32 §6: a SIGTERM lets the running job finish. On PostgreSQL the real server runs as its
 * own process; an administrator's bulk import of a few thousand users is running when the signal
 * arrives: the process stops taking work, the import completes (its users are there, its run is
 * done, pg-boss records the job completed), and only then does the process end, with 0.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedIdentityImport, runReaches, startImport } from "./imports";
import { PortalClient } from "./portal";
import { postgresPortal, type PostgresPortal } from "./processes";
import { POSTGRES_URL, postgresReachable } from "../service/backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const ROWS = 3000;
let running: PostgresPortal | undefined;

async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await running!.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

beforeAll(async () => {
  if (!reachable) return;
  running = await postgresPortal(`portal_shutdown_job_${process.pid}`, {
    LOG_LEVEL: "info",
    SHUTDOWN_TIMEOUT_SECONDS: "120",
  });
});

afterAll(async () => {
  await running?.close();
});

describe.skipIf(!reachable)("issue #32 §6: graceful shutdown lets the running job finish", () => {
  it("a bulk import running at SIGTERM completes before the process ends with 0: no job lost", async () => {
    const portal = running!.process();
    const admin = new PortalClient(running!.origin, running!.database.db);
    await admin.signIn();
    const { runPath, runId } = await checkedIdentityImport(admin, ROWS, "shutdown");
    expect(await runReaches(running!.database.db, runId, "checked", Date.now() + 1_000)).toBe("checked");

    const started = await startImport(admin, runPath);
    expect(started.status).toBe(302);
    expect(await runReaches(running!.database.db, runId, "running", Date.now() + 60_000)).toBe("running");

    const exited = new Promise<number | null>((resolve) => portal.child.once("exit", (code) => resolve(code)));
    portal.child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const output = portal.output();
    const shuttingDown = output.indexOf('"msg":"shutting down: finishing requests and jobs"');
    const jobDone = output.search(/"job":"bulk-import"[^\n]*"msg":"job done"/);
    expect(shuttingDown).toBeGreaterThan(-1);
    // The job ended after the signal: it was running when the stop began, and the stop waited for it.
    expect(jobDone).toBeGreaterThan(shuttingDown);
    expect((await one<{ state: string }>(sql`select state from import_runs where id = ${runId}`))?.state).toBe("done");
    const imported = await one<{ n: number }>(
      sql`select count(*)::int as n from identities where email like 'shutdown.%@example.com'`,
    );
    expect(imported?.n).toBe(ROWS);
    const job = await one<{ state: string }>(
      sql`select state from pgboss.job where name = 'bulk-import' order by created_on desc limit 1`,
    );
    expect(job?.state).toBe("completed");
  });
});
