/**
 * `npm run backup -- [file]`: one archive of the configured database and DATA_DIR's files, keys and
 * generated secret (default `backups/dealer-portal-<time>.tar.gz`). On the embedded database stop
 * the portal first; on PostgreSQL it may run (pg_dump reads one consistent snapshot).
 */
import { ConfigError, parseConfig } from "~/config.server";
import { writeBackup } from "./backup-archive";

try {
  const config = parseConfig({ ...process.env });
  const archive = process.argv[2] ?? `backups/dealer-portal-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  const manifest = await writeBackup(config, archive);
  console.log(`backup: ${archive} (${manifest.database} database; ${manifest.entries.join(", ") || "no files"})`);
} catch (error) {
  console.error(`backup: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
