/**
 * Starts the built portal (build/server, as `node server.js` does) for the end-to-end suite: the real server on a fresh PGlite folder
 * with the demo data, plus test fixtures no demo account covers (a feature:dev user of brand 3),
 * a real SMTP server it sends its e-mail to (filed in MAIL_SINK_DIR for the tests to read), and a
 * real HTTP target it pushes identity changes to (read back over HTTP, see PUSH_TARGET_PORT).
 */
import { rmSync } from "node:fs";
import { parseConfig } from "../../app/config.server";
import { seedE2eFixtures } from "./fixtures";
import { loadBuild } from "../built/portal";
import { startMailSink } from "../support/mail-sink";
import { startPushTarget } from "../support/push-target";

if (process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
if (process.env.API_CONTRACT_VIOLATIONS_FILE) rmSync(process.env.API_CONTRACT_VIOLATIONS_FILE, { force: true });
if (process.env.MAIL_SINK_DIR) {
  rmSync(process.env.MAIL_SINK_DIR, { recursive: true, force: true });
  process.env.SMTP_URL = (await startMailSink(process.env.MAIL_SINK_DIR)).url;
}
if (process.env.PUSH_TARGET_PORT && process.env.PUSH_TARGET_SECRET) {
  const target = await startPushTarget(process.env.PUSH_TARGET_SECRET, Number(process.env.PUSH_TARGET_PORT));
  process.env.INTEGRATION_TARGETS = JSON.stringify([
    { name: "dms", type: "DMS", url: target.url, secret: process.env.PUSH_TARGET_SECRET },
  ]);
}
const config = parseConfig(process.env);
// The build's own server: the suite's fixtures write through the handle it opened.
const build = await loadBuild();
const running = await build.entry.module.startServer(config, {
  build: { serverBuild: build },
  afterSeed: seedE2eFixtures,
});
console.log(`e2e portal at ${running.url}`);
process.on("SIGTERM", () => void running.close().then(() => process.exit(0)));
process.on("SIGINT", () => void running.close().then(() => process.exit(0)));
