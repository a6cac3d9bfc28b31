/**
 * Issue #32 §8: `npm run backup` and `npm run restore`. On PostgreSQL (the portal running while it
 * backs up): a backup, a change, a restore — the data is the backup's again, and the restarted
 * portal accepts the session it issued before. On the embedded database the same round trip of
 * its own dump. The commands run as processes, as an operator runs them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PortalClient, freePort, startPortal, type Portal } from "./portal";
import { dropPostgresDatabase, freshPostgresDatabase, runCommand } from "./processes";
import { POSTGRES_URL, postgresReachable } from "../service/backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const work = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (script: "backup" | "restore", env: Record<string, string>, ...args: string[]) =>
  runCommand(script, env, ...args);

async function applicationName(portal: Portal, id: number): Promise<string> {
  const { rows } = (await portal.db.execute(
    sql`select display_name from applications where id = ${id}`,
  )) as unknown as {
    rows: { display_name: string }[];
  };
  return rows[0].display_name;
}

describe.skipIf(!reachable)("issue #32 §8: backup and restore on PostgreSQL", () => {
  const name = `portal_backup_${process.pid}`;
  const dataDir = path.join(work, "pg-data");
  let portal: Portal | undefined;

  afterAll(async () => {
    await portal?.close();
    await dropPostgresDatabase(name);
  });

  it("restores the backup's data, and the restarted portal accepts the session it issued before", async () => {
    const env = { DATABASE_URL: await freshPostgresDatabase(name), DATA_DIR: dataDir };
    const port = String(await freePort());
    portal = await startPortal({ ...env, PORT: port });
    const user = new PortalClient(portal.origin, portal.db);
    await user.signIn();
    const before = await applicationName(portal, 1);

    const archive = path.join(work, "pg.tar.gz");
    const backup = run("backup", env, archive);
    expect(backup.out).toContain("postgres database");
    expect(backup.status).toBe(0);

    await portal.db.execute(sql`update applications set display_name = 'Changed after the backup' where id = 1`);
    expect(await applicationName(portal, 1)).toBe("Changed after the backup");
    await portal.close();
    portal = undefined;

    const restore = run("restore", env, archive);
    expect(restore.out).toContain("is back");
    expect(restore.status).toBe(0);

    portal = await startPortal({ ...env, PORT: port });
    expect(await applicationName(portal, 1)).toBe(before);
    // The cookie from before the backup still opens the portal: its session came back with the data.
    const page = await user.send("/admin/applications");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="admin-menu"');
  });

  it("refuses an archive that is not a backup of this kind of database, changing nothing", () => {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const pgliteBackup = path.join(work, "embedded.tar.gz");
    const made = run("backup", { DATA_DIR: path.join(work, "empty-embedded") }, pgliteBackup);
    expect(made.status).toBe(0);
    const refused = run("restore", { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, pgliteBackup);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("the backup holds a pglite database and the portal is configured for postgres");
  });
});

describe("issue #32 §8: backup and restore of the embedded database", () => {
  it("brings back the rows of the backup", async () => {
    const dataDir = path.join(work, "embedded");
    const port = String(await freePort());
    let portal = await startPortal({ DATA_DIR: dataDir, PORT: port });
    const before = await applicationName(portal, 2);
    await portal.close();

    const archive = path.join(work, "embedded-demo.tar.gz");
    expect(run("backup", { DATA_DIR: dataDir }, archive).status).toBe(0);

    portal = await startPortal({ DATA_DIR: dataDir, PORT: port });
    await portal.db.execute(sql`update applications set display_name = 'Changed after the backup' where id = 2`);
    await portal.close();

    const restore = run("restore", { DATA_DIR: dataDir }, archive);
    expect(restore.status).toBe(0);
    portal = await startPortal({ DATA_DIR: dataDir, PORT: port });
    try {
      expect(await applicationName(portal, 2)).toBe(before);
    } finally {
      await portal.close();
    }
  });
});
