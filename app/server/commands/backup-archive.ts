/**
 * One backup archive (issue #32 §8): the database (pg_dump's custom format on PostgreSQL, PGlite's
 * own dump of the embedded one), the documents' files, the identity provider's signing keys and the
 * generated session secret — everything a restored portal needs to serve the data and accept the
 * sessions it issued before. A gzipped tar with a manifest first.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Config } from "~/config.server";
import { PGLITE_OPTIONS } from "~/db/client.server";

/** What DATA_DIR holds beside the embedded database that a restore must bring back. */
export const DATA_DIR_ENTRIES = ["files", "oidc-jwks.json", "session-secret"] as const;

export interface BackupManifest {
  format: "dealer-portal-backup";
  version: 1;
  database: "postgres" | "pglite";
  createdAt: string;
  entries: string[];
}

const DUMP = { postgres: "database.dump", pglite: "database.pglite.tar.gz" } as const;

/** Whether a manifest read from an archive is one this portal can restore (and of which database). */
export function manifestProblem(manifest: unknown, database: "postgres" | "pglite"): string | null {
  const m = manifest as Partial<BackupManifest> | null;
  if (!m || m.format !== "dealer-portal-backup" || m.version !== 1) return "this is not a Dealer Portal backup";
  if (m.database !== database)
    return `the backup holds a ${m.database} database and the portal is configured for ${database}`;
  return null;
}

type Settings = Pick<Config, "DATABASE_URL" | "DATA_DIR">;

/** Writes the archive of the configured database and DATA_DIR to `archive`. The embedded database must not be open elsewhere. */
export async function writeBackup(config: Settings, archive: string, now = new Date()): Promise<BackupManifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-backup-"));
  try {
    const database = config.DATABASE_URL ? "postgres" : "pglite";
    if (config.DATABASE_URL) {
      execFileSync("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(work, DUMP.postgres)}`,
        config.DATABASE_URL,
      ]);
    } else {
      const client = await PGlite.create(path.join(config.DATA_DIR, "pglite"), PGLITE_OPTIONS);
      try {
        const dump = await client.dumpDataDir("gzip");
        writeFileSync(path.join(work, DUMP.pglite), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    const entries = DATA_DIR_ENTRIES.filter((entry) => existsSync(path.join(config.DATA_DIR, entry)));
    for (const entry of entries)
      cpSync(path.join(config.DATA_DIR, entry), path.join(work, "data", entry), { recursive: true });
    const manifest: BackupManifest = {
      format: "dealer-portal-backup",
      version: 1,
      database,
      createdAt: now.toISOString(),
      entries,
    };
    writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    execFileSync("tar", ["-czf", path.resolve(archive), "-C", work, "."]);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into the configured database and DATA_DIR, replacing what is there. The
 * portal must be stopped (its connections would hold the tables the restore replaces).
 */
export async function restoreBackup(config: Settings, archive: string): Promise<BackupManifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-restore-"));
  try {
    execFileSync("tar", ["-xzf", path.resolve(archive), "-C", work]);
    const manifestFile = path.join(work, "manifest.json");
    const manifest: unknown = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : null;
    const problem = manifestProblem(manifest, config.DATABASE_URL ? "postgres" : "pglite");
    if (problem) throw new Error(problem);
    const { entries } = manifest as BackupManifest;
    if (config.DATABASE_URL) {
      // The portal's schemas go whole first: pg-boss's partitioned tables cannot be dropped one
      // object at a time (pg_restore --clean), and what came after the backup must not remain.
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        await client.query(
          "drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public",
        );
      } finally {
        await client.end();
      }
      execFileSync("pg_restore", [
        "--no-owner",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${config.DATABASE_URL}`,
        path.join(work, DUMP.postgres),
      ]);
    } else {
      const dir = path.join(config.DATA_DIR, "pglite");
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const dump = new Blob([readFileSync(path.join(work, DUMP.pglite))]);
      const client = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir: dump });
      await client.close();
    }
    for (const entry of entries) {
      const target = path.join(config.DATA_DIR, entry);
      rmSync(target, { recursive: true, force: true });
      cpSync(path.join(work, "data", entry), target, { recursive: true });
    }
    return manifest as BackupManifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
