/**
 * `npm run cluster:local`: the portal scaled out on this machine (issue #37) — a fresh database on
 * the local PostgreSQL, two instances of the build and nginx in front — until Ctrl-C.
 * CLUSTER_PORT (default 8080), CLUSTER_INSTANCES (default 2), CLUSTER_POSTGRES_URL.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/seed/seed";
import { ROOT, startLocalCluster } from "./cluster/local-cluster";

if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("… building the portal (npm run build)");
  const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
console.error(`… starting PostgreSQL database portal_cluster_local, ${instances} instances and nginx`);
const cluster = await startLocalCluster({
  instances,
  port: Number(process.env.CLUSTER_PORT ?? 8080),
  databaseName: "portal_cluster_local",
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
}).catch((error: unknown) => {
  console.error(`cluster:local: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

console.log(`Dealer Portal (cluster) is running at ${cluster.origin}`);
for (const instance of cluster.instances)
  console.log(`  ${instance.name}: ${instance.origin} (pid ${instance.child()?.pid})`);
console.log(`  nginx: ${cluster.nginxConfigFile}`);
console.log(`  database: ${cluster.databaseUrl}`);
console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.description}`);
console.log("Ctrl-C stops everything.");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.error("… stopping nginx and the instances, dropping the database");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
