/**
 * Helpers for the built suites that run the portal (or its commands) as processes, and that need
 * a PostgreSQL database of their own.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { POSTGRES_URL } from "../service/backends";
import { dropDatabase, freshDatabase } from "../../scripts/cluster/local-cluster";
import { freePort } from "./portal";

/** Makes an empty database of this name on the test server (dropping one left over) and answers its URL. */
export function freshPostgresDatabase(name: string): Promise<string> {
  return freshDatabase(name, POSTGRES_URL);
}

export function dropPostgresDatabase(name: string): Promise<void> {
  return dropDatabase(name, POSTGRES_URL);
}

/** A portal process (`node server.js`, the build) and what it wrote. */
export interface PortalProcess {
  child: ChildProcess;
  output(): string;
}

/** Starts the real server as a process with this environment (beside PATH and production React). */
export function spawnPortal(env: Record<string, string>, cwd?: string, args: string[] = []): PortalProcess {
  let output = "";
  const child = spawn(process.execPath, ["server.js", ...args], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: "production", APP_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Starts the real server as a process (as spawnPortal) and waits until `origin` says it is ready; throws with its output otherwise. */
export async function readyPortal(
  origin: string,
  env: Record<string, string>,
  options: { cwd?: string; args?: string[]; timeoutMs?: number } = {},
): Promise<PortalProcess> {
  const portal = spawnPortal(env, options.cwd, options.args);
  if (!(await answers200(`${origin}/readyz`, Date.now() + (options.timeoutMs ?? 90_000))))
    throw new Error(`the portal did not get ready:\n${portal.output()}`);
  return portal;
}

/** Polls an address until it answers 200 (a condition, not a sleep); false when the deadline passes first. */
export async function answers200(url: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Stops a process with SIGTERM (or the signal given) and waits until it has ended. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/** Runs one of the operators' commands (`node server.js <command>`, as npm runs it) to its end: its exit status and what it wrote. */
export function runCommand(command: string, env: Record<string, string>, ...args: string[]) {
  const done = spawnSync(process.execPath, ["server.js", command, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", APP_ENV: "test", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  return { status: done.status, out: done.stdout + done.stderr };
}

/** The portal as a process on a database of its own on the test server, with a handle on that database for the suite. */
export interface PostgresPortal {
  origin: string;
  databaseUrl: string;
  database: DatabaseHandle;
  /** The running process (replaced by restart). */
  process(): PortalProcess;
  /** Starts the process again (after a stop or a kill) on the same database and data folder. */
  restart(): Promise<void>;
  /** Stops the process, closes the handle, drops the database, removes the folder. */
  close(): Promise<void>;
}

/** A fresh database `name`, the built portal on it with the demo (`env` beside), ready. */
export async function postgresPortal(name: string, env: Record<string, string> = {}): Promise<PostgresPortal> {
  const databaseUrl = await freshPostgresDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `dealer-portal-${name}-`));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const settings = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: "true", ...env };
  let running = await readyPortal(origin, settings);
  const database = await openDatabase({ databaseUrl, dataDir });
  return {
    origin,
    databaseUrl,
    database,
    process: () => running,
    async restart() {
      await stopProcess(running.child, "SIGKILL");
      running = await readyPortal(origin, settings);
    },
    async close() {
      await stopProcess(running.child, "SIGKILL");
      await database.close();
      await dropPostgresDatabase(name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
