/**
 * `npm run seed:scale [-- --users N] [--locations M]`: adds N users (default 100 000) over M
 * locations (default N / 20) to the configured database (DATABASE_URL or the PGlite folder in
 * DATA_DIR), with the demo first where it is missing. Sign in as scaleadmin@example.com (the demo
 * password) to see them all in /admin/users. `--users 1000000` belongs on PostgreSQL.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { seedScale } from "~/seed/seed-scale";

const { values } = parseArgs({ options: { users: { type: "string" }, locations: { type: "string" } } });
const users = Number(values.users ?? 100_000);
const locations = Number(values.locations ?? Math.max(1, Math.round(users / 20)));
if (!Number.isInteger(users) || users < 1 || users > 10_000_000 || !Number.isInteger(locations) || locations < 1) {
  console.error("seed:scale: --users must be a whole number from 1 to 10 000 000, --locations a whole number from 1");
  process.exit(2);
}
const config = parseConfig({ ...process.env });
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await handle.migrate();
  await seedDemo(handle.db);
  const started = performance.now();
  const { seeded } = await seedScale(handle.db, { users, locations });
  const count = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");
  console.log(
    seeded
      ? `seed:scale: ${count(users)} users over ${count(locations)} locations in ${((performance.now() - started) / 1000).toFixed(1)} s; sign in as scaleadmin@example.com`
      : "seed:scale: already seeded (scaleadmin@example.com exists); nothing done",
  );
} finally {
  await handle.close();
}
