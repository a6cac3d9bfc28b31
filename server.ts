import { ConfigError, parseConfig, type Config } from "./app/config.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./app/seed/seed";
import { startServer } from "./server/start-server";
import { isClusterWorker, runPrimary, webWorkerCount, workerRunsJobs } from "./server/cluster";

function startLines(config: Config, first: string): string {
  const lines = [first];
  if (config.SEED_DEMO) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(22)} ${account.description}`);
  }
  return lines.join("\n");
}

/** Entry point: validated configuration, then the server (see server/start-server.ts). */
async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const workers = webWorkerCount(config);
  if (config.WEB_CONCURRENCY > 1 && workers === 1) {
    console.warn(
      "WEB_CONCURRENCY needs DATABASE_URL (the embedded database belongs to one process): running one process",
    );
  }
  try {
    if (workers > 1 && !isClusterWorker()) {
      await runPrimary(config, workers);
      console.log(startLines(config, `Dealer Portal is running at ${config.PUBLIC_URL} with ${workers} web workers`));
      return;
    }
    const running = await startServer(config, isClusterWorker() ? { worker: { runsJobs: workerRunsJobs() } } : {});
    if (isClusterWorker()) {
      const stopWorker = async () => {
        await running.close();
        process.exit(0);
      };
      process.on("SIGINT", stopWorker);
      process.on("SIGTERM", stopWorker);
      return;
    }
    console.log(startLines(config, `Dealer Portal is running at ${running.url}`));
    let stopping = false;
    const stop = async () => {
      // A second signal while the first one's requests finish stops at once.
      if (stopping) process.exit(1);
      stopping = true;
      await running.close();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`The portal could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await main();
