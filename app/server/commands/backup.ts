/**
 * `npm run backup -- [file]`: one archive of the configured database and DATA_DIR's files, keys and
 * generated secret (default `backups/dealer-portal-<time>.tar.gz`). On the embedded database stop
 * the portal first; on PostgreSQL it may run (pg_dump reads one consistent snapshot).
 */
import { parseConfig } from "~/config.server";
import { writeBackup } from "./backup-archive";

export async function backup(argv: string[]): Promise<void> {
  const config = parseConfig({ ...process.env });
  const archive = argv[0] ?? `backups/dealer-portal-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  const manifest = await writeBackup(config, archive);
  console.log(`backup: ${archive} (${manifest.database} database; ${manifest.entries.join(", ") || "no files"})`);
}
