/**
 * `npm run jobs`: runs every scheduled job once, now, against the configured database
 * (DATABASE_URL or the PGlite folder in DATA_DIR), prints what each did and exits. The server runs
 * them on their schedules (pg-boss, ADR 18).
 */
import { parseConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { mailTransport } from "~/mail/outbox.server";
import { setIntegrations } from "~/integrations/pushes.server";
import { runEveryJobOnce } from "~/assembly/jobs.server";

export async function runJobs(): Promise<void> {
  const config = parseConfig({ ...process.env });
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await handle.migrate();
    setIntegrations({ targets: config.integrationTargets, retrySeconds: config.INTEGRATION_RETRY_SECONDS });
    const done = await runEveryJobOnce(handle, mailTransport(config));
    for (const [job, counts] of Object.entries(done)) {
      const said = Object.entries(counts)
        .map(([what, n]) => `${n} ${what}`)
        .join(", ");
      console.log(`${job}: ${said || "done"}`);
    }
  } finally {
    await handle.close();
  }
}
