/**
 * `npm run restore -- <file>`: puts an archive of `npm run backup` back into the configured
 * database and DATA_DIR, replacing what is there. Stop the portal first; start it again after.
 */
import { parseConfig } from "~/config.server";
import { restoreBackup } from "./backup-archive";
import { CommandFailure } from "./command";

export async function restore(argv: string[]): Promise<void> {
  const archive = argv[0];
  if (!archive) throw new CommandFailure("name the archive: npm run restore -- <file>");
  const config = parseConfig({ ...process.env });
  const manifest = await restoreBackup(config, archive);
  console.log(`restore: ${archive} (made ${manifest.createdAt}) is back; start the portal`);
}
