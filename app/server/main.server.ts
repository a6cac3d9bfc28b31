/**
 * The portal's process, reached through the server build (`server.js` imports
 * build/server/index.js and calls `runPortal` of its entry): the server and the Remix routes are
 * one module graph, so the database handle, the caches and the request scope exist once.
 */
import { ConfigError, parseConfig, type Config } from "~/config.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/seed/seed";
import { startServer, type PortalBuild } from "./start-server";
import { isClusterWorker, runPrimary, webWorkerCount, workerRunsJobs } from "./cluster";
import { adminCreate } from "./commands/admin-create";
import { backup } from "./commands/backup";
import { restore } from "./commands/restore";
import { runJobs } from "./commands/run-jobs";

function startLines(config: Config, first: string): string {
  const lines = [first];
  if (config.SEED_DEMO) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(22)} ${account.description}`);
  }
  return lines.join("\n");
}

/** The server: validated configuration, then the server (see start-server.ts) or the cluster. */
async function serve(build: PortalBuild) {
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
    const running = await startServer(config, {
      build,
      ...(isClusterWorker() ? { worker: { runsJobs: workerRunsJobs() } } : {}),
    });
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
    console.error(`The portal could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** The operators' commands, run from the same build as the server (`npm run admin:create`, …). */
const COMMANDS: Record<string, (argv: string[]) => Promise<void>> = {
  "admin:create": adminCreate,
  backup,
  restore,
  jobs: runJobs,
};

/** `node server.js [command] [arguments]`: no command serves the portal. */
export async function runPortal(argv: string[], build: PortalBuild): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "serve") return serve(build);
  const run = COMMANDS[command];
  if (!run) {
    console.error(`Unknown command ${command}: one of serve, ${Object.keys(COMMANDS).join(", ")}`);
    process.exit(2);
  }
  try {
    await run(rest);
  } catch (error) {
    console.error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
