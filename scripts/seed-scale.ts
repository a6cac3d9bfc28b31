/**
 * `npm run seed:scale [-- --users N] [--locations M]`: adds N users (default 100 000) over M
 * locations (default N / 20) to the configured database (DATABASE_URL or the PGlite folder in
 * DATA_DIR), with the demo first where it is missing. Sign in as scaleadmin@example.com (the demo
 * password) to see them all in /admin/users. `--users 1000000` belongs on PostgreSQL.
 * `--audit N` adds N audit entries about them over the last 800 days (issue #37 §5: /admin/audit/users).
 */
import { parseArgs } from "node:util";
import { parseConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { seedDemo } from "~/seed/seed";
import { seedScale } from "~/seed/seed-scale";
import { seedAuditScale } from "~/seed/seed-audit-scale";

const { values } = parseArgs({
  options: { users: { type: "string" }, locations: { type: "string" }, audit: { type: "string" } },
});
const audit = Number(values.audit ?? 0);
const users = Number(values.users ?? 100_000);
const locations = Number(values.locations ?? Math.max(1, Math.round(users / 20)));
if (!Number.isInteger(users) || users < 1 || users > 10_000_000 || !Number.isInteger(locations) || locations < 1) {
  console.error("seed:scale: --users must be a whole number from 1 to 10 000 000, --locations a whole number from 1");
  process.exit(2);
}
if (!Number.isInteger(audit) || audit < 0 || audit > 100_000_000) {
  console.error("seed:scale: --audit must be a whole number from 0 to 100 000 000");
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
  if (audit > 0) {
    const historyStarted = performance.now();
    const history = await seedAuditScale(handle.db, { rows: audit, days: 800 });
    console.log(
      history.seeded
        ? `seed:scale: ${count(audit)} audit entries in ${((performance.now() - historyStarted) / 1000).toFixed(1)} s; see /admin/audit/users`
        : "seed:scale: the scale users' audit history is there already; nothing done",
    );
  }
} finally {
  await handle.close();
}
