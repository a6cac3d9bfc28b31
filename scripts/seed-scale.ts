/**
 * `npm run seed:scale`: adds 100 000 users over 5 000 locations to the configured database
 * (DATABASE_URL or the PGlite folder in DATA_DIR), with the demo first where it is missing.
 * Sign in as scaleadmin@example.com (the demo password) to see them all in /admin/users.
 */
import { parseConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { seedScale } from "~/seed/seed-scale";

const config = parseConfig({ ...process.env });
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await handle.migrate();
  await seedDemo(handle.db);
  const started = performance.now();
  const { seeded } = await seedScale(handle.db);
  console.log(
    seeded
      ? `seed:scale: 100 000 users over 5 000 locations in ${((performance.now() - started) / 1000).toFixed(1)} s; sign in as scaleadmin@example.com`
      : "seed:scale: already seeded (scaleadmin@example.com exists); nothing done",
  );
} finally {
  await handle.close();
}
