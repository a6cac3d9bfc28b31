/**
 * `npm run jobs`: runs the jobs once against the configured database (DATABASE_URL or the PGlite
 * folder in DATA_DIR) and prints what they did. The server also runs them every hour.
 */
import { parseConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { runHousekeeping } from "./housekeeping.server";

const config = parseConfig({ ...process.env });
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await handle.migrate();
  const result = await runHousekeeping(handle);
  console.log(
    result
      ? `housekeeping: ${result.sessions} expired sessions, ${result.providerRecords} provider records, ${result.loginAttempts} old sign-in attempts deleted`
      : "housekeeping: another instance holds the lock; nothing done",
  );
} finally {
  await handle.close();
}
