/**
 * Issue #32 §7: two instances of the portal on one PostgreSQL count the sign-in limit and the
 * API's per-address limit once, not once each. Both run as their own processes on one database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./portal";
import { dropPostgresDatabase, freshPostgresDatabase, readyPortal, stopProcess, type PortalProcess } from "./processes";
import { POSTGRES_URL, postgresReachable } from "../service/backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const LIMIT = 4;

interface Instance {
  portal: PortalProcess;
  origin: string;
}

async function startInstance(databaseUrl: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const portal = await readyPortal(origin, {
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    SIGNIN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(LIMIT),
  });
  return { portal, origin };
}

/** Waits, if need be, until the current minute's window has room for a few requests (a condition, not a fixed sleep). */
async function freshWindow(): Promise<void> {
  while (Date.now() % 60_000 > 50_000) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe.skipIf(!reachable)("issue #32 §7: limits shared across instances", () => {
  const name = `portal_limits_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dealer-portal-limits-"));
  let first: Instance | undefined;
  let second: Instance | undefined;

  beforeAll(async () => {
    const url = await freshPostgresDatabase(name);
    // One after the other: the first migrates and seeds, the second finds it done.
    first = await startInstance(url, path.join(dataDir, "a"));
    second = await startInstance(url, path.join(dataDir, "b"));
  });

  afterAll(async () => {
    await stopProcess(first?.portal.child);
    await stopProcess(second?.portal.child);
    await dropPostgresDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the sign-in limit: posts to either instance count against one limit per address", async () => {
    const statuses: number[] = [];
    await freshWindow();
    for (let i = 0; i < LIMIT + 1; i++) {
      const instance = i % 2 === 0 ? first! : second!;
      const response = await fetch(`${instance.origin}/signin/no-such-interaction`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.origin },
        body: "email=a%40example.com&password=x",
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the API's per-address limit: requests to either instance count against one limit", async () => {
    const statuses: number[] = [];
    await freshWindow();
    for (let i = 0; i < LIMIT + 1; i++) {
      const instance = i % 2 === 0 ? second! : first!;
      statuses.push((await fetch(`${instance.origin}/api/v2/user`)).status);
    }
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
