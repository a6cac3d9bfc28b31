/**
 * `npm run restore -- <file>`: puts an archive of `npm run backup` back into the configured
 * database and DATA_DIR, replacing what is there. Stop the portal first; start it again after.
 */
import { ConfigError, parseConfig } from "~/config.server";
import { restoreBackup } from "./backup-archive";

const archive = process.argv[2];
if (!archive) {
  console.error("restore: name the archive: npm run restore -- <file>");
  process.exit(1);
}
try {
  const config = parseConfig({ ...process.env });
  const manifest = await restoreBackup(config, archive);
  console.log(`restore: ${archive} (made ${manifest.createdAt}) is back; start the portal`);
} catch (error) {
  console.error(`restore: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
