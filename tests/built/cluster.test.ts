import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { webWorkerCount } from "../../app/server/cluster";
import { PortalClient, freePort } from "./portal";
import { answers200, dropPostgresDatabase, freshPostgresDatabase } from "./processes";
import { POSTGRES_URL, postgresReachable } from "../service/backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

/** The processes a process started: the primary starts its workers and nothing else. */
function nodeChildrenOf(pid: number): string[] {
  return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .trim()
    .split("\n");
}

describe.skipIf(!reachable)("issue #12: WEB_CONCURRENCY web workers on PostgreSQL", () => {
  const name = `portal_cluster_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-cluster-"));
  let primary: ChildProcess;
  let origin: string;
  let database: DatabaseHandle;
  let output = "";

  beforeAll(async () => {
    const url = await freshPostgresDatabase(name);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    primary = spawn(process.execPath, ["server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        APP_ENV: "test",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        WEB_CONCURRENCY: "2",
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    if (!(await answers200(`${origin}/healthz`, Date.now() + 90_000)))
      throw new Error(`the cluster did not start:\n${output}`);
    database = await openDatabase({ databaseUrl: url, dataDir });
  });

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((resolve) => primary.once("exit", resolve));
      primary.kill("SIGTERM");
      await exited;
    }
    await database?.close();
    await dropPostgresDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the primary runs two workers; a sign-in holds on every page whichever worker answers", async () => {
    const workers = nodeChildrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(output).toContain("with 2 web workers");
    const client = new PortalClient(origin, database.db);
    await client.signIn("dealer@example.com");
    for (let i = 0; i < 12; i++) {
      const home = await client.send("/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Welcome");
    }
  });

  it("the primary stops its workers on SIGTERM", async () => {
    const workers = nodeChildrenOf(primary.pid!);
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(Number(pid), 0)).toThrow();
  });
});

describe("issue #12: more than one web worker needs PostgreSQL", () => {
  it("the embedded database keeps one process; PostgreSQL gets WEB_CONCURRENCY", () => {
    expect(webWorkerCount({ WEB_CONCURRENCY: 4, DATABASE_URL: undefined })).toBe(1);
    expect(webWorkerCount({ WEB_CONCURRENCY: 4, DATABASE_URL: "postgres://x/y" })).toBe(4);
    expect(webWorkerCount({ WEB_CONCURRENCY: 1, DATABASE_URL: "postgres://x/y" })).toBe(1);
  });
});
