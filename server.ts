import { ConfigError, parseConfig, type Config } from "./app/config.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./app/seed/seed";
import { startServer } from "./server/start-server";

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
  try {
    const running = await startServer(config);
    const lines = [`Dealer Portal is running at ${running.url}`];
    if (config.SEED_DEMO) {
      lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(22)} ${account.description}`);
    }
    console.log(lines.join("\n"));
    const stop = async () => {
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
