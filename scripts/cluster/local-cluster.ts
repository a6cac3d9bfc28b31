/**
 * The portal as it is scaled out (issue #37, ADR 41): instances of the build (`node server.js`) on
 * one PostgreSQL database, nginx in front. `npm run cluster:local` starts it for people; the
 * cluster and fault suites and `npm run bench:load` start it for themselves.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureNginx, nginxConfigOf } from "./nginx";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The machine's PostgreSQL (trust authentication); CLUSTER_POSTGRES_URL names another server. */
export const CLUSTER_POSTGRES_URL = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const READY_TIMEOUT_MS = 120_000;
const OUTPUT_KEPT_CHARS = 2_000_000;

/** One portal instance: its own port, the cluster's database, data folder and secret. */
export interface ClusterInstance {
  readonly name: string;
  readonly port: number;
  readonly origin: string;
  /** The running process (undefined while stopped). */
  child(): ChildProcess | undefined;
  /** What it wrote since it was (last) started. */
  output(): string;
  /** Starts it (again) and waits until its /readyz answers 200. */
  start(): Promise<void>;
  /** Stops it with this signal (SIGTERM: a graceful drain) and waits until it has ended. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface LocalCluster {
  /** The proxy's address: what a browser or a load generator talks to. */
  readonly origin: string;
  readonly databaseUrl: string;
  readonly instances: readonly ClusterInstance[];
  readonly nginxConfigFile: string;
  /** Stops the proxy and every instance, drops the database (unless kept) and removes the folders. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many portal instances (default 2). */
  instances?: number;
  /** The proxy's port (default: a free one). */
  port?: number;
  /** The database's name on the server (made afresh; default portal_cluster_<pid>). */
  databaseName?: string;
  /** Keep the database when the cluster stops. */
  keepDatabase?: boolean;
  /** Settings for every instance, beside the cluster's own. */
  env?: Record<string, string>;
}

/** A free TCP port on 127.0.0.1, picked by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function databaseUrlOf(name: string, server = CLUSTER_POSTGRES_URL): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(server: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Makes an empty database of this name on the server (dropping one left over) and answers its URL. */
export async function freshDatabase(name: string, server = CLUSTER_POSTGRES_URL): Promise<string> {
  await dropDatabase(name, server);
  await onServer(server, `create database ${name}`);
  return databaseUrlOf(name, server);
}

/** Drops the database of this name, ending the connections a killed process left. */
export async function dropDatabase(name: string, server = CLUSTER_POSTGRES_URL): Promise<void> {
  await onServer(server, `drop database if exists ${name} with (force)`);
}

/** Polls until `url` answers 200 or the process ends or the deadline passes (a condition, not a sleep). */
async function waitFor200(url: string, child: ChildProcess, deadline: number): Promise<boolean> {
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.ok;
      })
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/** Only what Node needs from the caller's shell: the instances must not pick up its DATABASE_URL, OIDC_ISSUER… */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "TZ", "LANG"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

function clusterInstance(name: string, port: number, env: Record<string, string>): ClusterInstance {
  let child: ChildProcess | undefined;
  let output = "";
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    child: () => child,
    output: () => output,
    async start() {
      output = "";
      const started = spawn(process.execPath, ["server.js"], {
        cwd: ROOT,
        env: { ...baseEnv(), ...env, NODE_ENV: "production", PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEPT_CHARS);
      };
      started.stdout!.on("data", keep);
      started.stderr!.on("data", keep);
      if (!(await waitFor200(`http://127.0.0.1:${port}/readyz`, started, Date.now() + READY_TIMEOUT_MS))) {
        await ended(started, "SIGKILL");
        throw new Error(`${name} did not get ready:\n${output.slice(-4_000)}`);
      }
    },
    async stop(signal = "SIGTERM") {
      if (child) await ended(child, signal);
    },
  };
}

/**
 * Starts the set-up: a fresh database, the instances one after the other (the first migrates and
 * seeds the demo; the next ones find it done), then nginx. Every instance shares the session
 * secret and the data folder (the identity provider's signing keys), as instances on several
 * machines share them through their configuration. Throws, having stopped what it started, when a
 * part does not come up.
 */
export async function startLocalCluster(options: ClusterOptions = {}): Promise<LocalCluster> {
  const nginx = ensureNginx();
  const count = options.instances ?? 2;
  const databaseName = options.databaseName ?? `portal_cluster_${process.pid}`;
  const port = options.port ?? (await freePort());
  const origin = `http://localhost:${port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-cluster-"));
  // nginx's workers run as nobody: its folder must be theirs to enter.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, "data");
  const databaseUrl = await freshDatabase(databaseName);

  const env: Record<string, string> = {
    // Not "production": that one requires https:// (and upgrades every request to it); the build runs with NODE_ENV=production.
    APP_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    // nginx on this machine is the only proxy: the client's address is the one it forwards.
    TRUST_PROXY: "loopback",
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    ...options.env,
  };
  const instances: ClusterInstance[] = [];
  for (let index = 0; index < count; index++)
    instances.push(clusterInstance(`instance ${index + 1}`, await freePort(), env));

  let proxy: ChildProcess | undefined;
  const stop = async () => {
    if (proxy) await ended(proxy, "SIGQUIT");
    await Promise.all(instances.map((instance) => instance.stop()));
    if (!options.keepDatabase) await dropDatabase(databaseName).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const instance of instances) await instance.start();
    const nginxConfigFile = path.join(dir, "nginx.conf");
    writeFileSync(nginxConfigFile, nginxConfigOf({ port, upstreamPorts: instances.map((i) => i.port), dir }));
    let proxyOutput = "";
    proxy = spawn(nginx, ["-c", nginxConfigFile, "-p", dir, "-g", "daemon off;"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    proxy.stderr!.on("data", (chunk: Buffer) => (proxyOutput += chunk.toString()));
    if (!(await waitFor200(`${origin}/healthz`, proxy, Date.now() + 10_000)))
      throw new Error(`nginx did not answer at ${origin}:\n${proxyOutput}`);
    return { origin, databaseUrl, instances, nginxConfigFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
