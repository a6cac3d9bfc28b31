/**
 * The bench's servers, each in a child process so the load generator never shares a process (or
 * its event loop) with the server it measures: the floor app (built here when stale) and the
 * built portal. Every child is registered with a Cleanup and killed at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FLOOR_DIR = path.join(ROOT, "bench/floor");
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;
// The end-to-end tests run the portal on this port; never take it.
const RESERVED_PORTS = new Set([3199]);

export class BenchError extends Error {}

/**
 * Steps to undo, run last-in first-out by run(), each at most once: a step can also be run early
 * through the function add() returns (a phase stops its portal as soon as it is done).
 */
export class Cleanup {
  private readonly steps: (() => Promise<void>)[] = [];

  add(label: string, step: () => Promise<void> | void): () => Promise<void> {
    let done: Promise<void> | undefined;
    const once = () =>
      (done ??= Promise.resolve()
        .then(step)
        .catch((error: unknown) => console.error(`cleanup (${label}) failed: ${messageOf(error)}`)));
    this.steps.push(once);
    return once;
  }

  private running?: Promise<void>;

  /** Runs every step; a second call (Ctrl-C during the final cleanup) waits for the same run. */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) await step();
    })();
    return this.running;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A free TCP port, found by letting the system pick one (a short race with other programs is accepted). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, () => {
        const address = probe.address();
        const found = typeof address === "object" && address ? address.port : 0;
        probe.close(() => (found ? resolve(found) : reject(new Error("no free port found"))));
      });
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
  throw new BenchError("no free port found");
}

// ---------------------------------------------------------------------------------------------
// Child servers.

export interface ServerChild {
  name: string;
  origin: string;
  pid: number;
  /** From the spawn to the first 200 of its ready path, in ms (polled every 50 ms). */
  readyAfterMs: number;
  /** VmHWM of the server's process (its peak resident memory), in KB; undefined where /proc is missing. */
  peakRssKB(): number | undefined;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

/** SIGKILL to every child still running: on Ctrl-C (no grace: their data is thrown away) and at exit. */
export function killChildren(): void {
  for (const child of live) child.kill("SIGKILL");
}
// Last resort when the bench ends without its cleanup (an uncaught error): no server outlives it.
process.once("exit", killChildren);

/** Only what Node needs: the servers must not pick up DATABASE_URL, OIDC_ISSUER… from the caller's shell. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "TZ", "LANG", "LC_ALL"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Starts `node <entry>` (`--import tsx` for a TypeScript one; either way the child's pid is the server's own node process, not a
 * wrapper's) and waits until `readyPath` answers 200.
 */
async function startServer(
  cleanup: Cleanup,
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  readyPath: string,
): Promise<ServerChild> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry], {
    cwd: ROOT,
    // Production React and Remix for every server measured.
    env: { ...baseEnv(), ...env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exitStatus: string | undefined;
  const exited = new Promise<void>((resolve) => {
    const done = (status: string) => {
      exitStatus ??= status;
      live.delete(child);
      resolve();
    };
    child.once("exit", (code, signal) => done(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.once("error", (error) => done(`could not start: ${error.message}`));
  });

  const stop = cleanup.add(`stop ${name}`, async () => {
    if (exitStatus) return;
    child.kill("SIGTERM");
    if (await settlesWithin(exited, STOP_GRACE_MS)) return;
    child.kill("SIGKILL");
    await settlesWithin(exited, STOP_GRACE_MS);
  });

  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exitStatus) {
      throw new BenchError(
        `${name} ${exitStatus} before it answered${output ? `; its output:\n${output.trim()}` : ""}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new BenchError(`${name} did not answer ${readyPath} with 200 within ${READY_TIMEOUT_MS / 1000} s`);
    }
    const status = await fetch(`${origin}${readyPath}`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200) break;
    await Promise.race([exited, sleep(50)]);
  }
  const readyAfterMs = performance.now() - spawnedAt;

  const pid = child.pid;
  if (pid === undefined) throw new BenchError(`${name} has no process id`);
  return {
    name,
    origin,
    pid,
    readyAfterMs,
    peakRssKB: () => processMemoryKB(pid, "VmHWM"),
    stop,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return settled;
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in KB; undefined where /proc is missing. */
export function processMemoryKB(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The portal: the build started by server.js, as `npm run start:prod` does, on a fresh data folder.

export async function startPortal(
  cleanup: Cleanup,
  options: { name: string; dataDir: string; databaseUrl?: string; env?: Record<string, string> },
): Promise<ServerChild> {
  const port = await freePort();
  return startServer(
    cleanup,
    options.name,
    "server.js",
    port,
    {
      DATA_DIR: options.dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "silent",
      // Not "production": that one requires https:// and a configured secret (NODE_ENV=production is set).
      APP_ENV: "test",
      PUBLIC_URL: `http://localhost:${port}`,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    "/readyz",
  );
}

// ---------------------------------------------------------------------------------------------
// The floor app: built into bench/floor/build/ when that is missing or older than its sources.

const FLOOR_SOURCES = [
  path.join(FLOOR_DIR, "app"),
  path.join(FLOOR_DIR, "vite.config.ts"),
  path.join(FLOOR_DIR, "package.json"),
  // Other package versions installed, or patched (ADR 24, 44): rebuild.
  path.join(ROOT, "package-lock.json"),
  path.join(ROOT, "patches"),
];
const FLOOR_BUILD_MARKER = path.join(FLOOR_DIR, "build/server/index.js");

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

/** Builds the floor app when needed; returns whether it built. */
export async function buildFloorIfStale(): Promise<boolean> {
  const built = existsSync(FLOOR_BUILD_MARKER) ? statSync(FLOOR_BUILD_MARKER).mtimeMs : 0;
  if (built > 0 && Math.max(...FLOOR_SOURCES.map(newestChange)) <= built) return false;
  const cli = path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js");
  const child = spawn(process.execPath, [cli, "vite:build", path.relative(ROOT, FLOOR_DIR)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const code = await new Promise<number | null>((resolve) => {
    child.once("exit", (exitCode) => resolve(exitCode));
    child.once("error", (error) => {
      output += `\n${error.message}`;
      resolve(null);
    });
  });
  live.delete(child);
  if (code !== 0 || !existsSync(FLOOR_BUILD_MARKER)) {
    throw new BenchError(`building the floor app failed (remix vite:build bench/floor):\n${output.trim()}`);
  }
  return true;
}

export async function startFloor(cleanup: Cleanup): Promise<ServerChild> {
  return startServer(cleanup, "floor app", "bench/floor/server.ts", await freePort(), {}, "/");
}

/**
 * Runs a bench's main with its cleanup: on Ctrl-C (or a kill) the children are killed at once;
 * otherwise the cleanup runs after main, and main's result is the exit code.
 */
export async function runBench(main: (cleanup: Cleanup) => Promise<number>): Promise<void> {
  const cleanup = new Cleanup();
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      killChildren();
      process.exit(130);
    });
  process.exitCode = await main(cleanup);
  await cleanup.run();
}
