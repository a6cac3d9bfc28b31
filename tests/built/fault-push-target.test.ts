/**
 * Issue #37 §3: a downstream push target that takes the connection and never answers. Each push
 * times out (10 s) and is retried with back-off; the pages go on answering while it hangs (their
 * latency is measured beside the same pages before, and printed).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, postgresReachable } from "../service/backends";
import { scimConnection, type ScimConnection } from "../service/scim-connection";
import { percentile } from "../../bench/percentile";
import { PortalClient } from "./portal";
import { postgresPortal, type PostgresPortal } from "./processes";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

const RETRY_SECONDS = 1;

interface HangingTarget {
  url: string;
  /** The pushes it took (and holds). */
  received: IncomingMessage[];
  /** Connections it holds open right now. */
  open(): number;
  close(): Promise<void>;
}

async function hangingTarget(): Promise<HangingTarget> {
  const received: IncomingMessage[] = [];
  let open = 0;
  const server: Server = createServer((request) => {
    received.push(request);
    request.resume();
    // Never answered.
  });
  server.on("connection", (socket) => {
    open += 1;
    socket.once("close", () => (open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-sync`,
    received,
    open: () => open,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!reachable)("issue #37 §3: a push target that hangs", () => {
  let target: HangingTarget;
  let portal: PostgresPortal;
  let scim: ScimConnection;

  beforeAll(async () => {
    target = await hangingTarget();
    portal = await postgresPortal(`portal_fault_push_${process.pid}`, {
      LOG_LEVEL: "warn",
      INTEGRATION_TARGETS: JSON.stringify([{ name: "dms", type: "DMS", url: target.url, secret: "s".repeat(24) }]),
      INTEGRATION_RETRY_SECONDS: String(RETRY_SECONDS),
    });
    scim = await scimConnection(portal.database.db, "Push fault");
  });

  afterAll(async () => {
    await target?.close();
    await portal?.close();
  });

  const push = async () => {
    const result = (await portal.database.db.execute(sql`
      select p.state, p.attempts, p.last_error as "lastError",
        (extract(epoch from (p.next_attempt_at - p.last_attempt_at)) * 1000)::float8 as "backOffMs"
      from integration_pushes p join identities i on i.id = p.subject_id
      where p.subject_kind = 'identity' and i.email = 'pushfault@example.com'`)) as unknown as {
      rows: { state: string; attempts: number; lastError: string | null; backOffMs: number | null }[];
    };
    return result.rows[0];
  };

  const until = async (condition: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it("pushes time out and are retried with back-off while the pages answer as before", async () => {
    const admin = new PortalClient(portal.origin, portal.database.db);
    await admin.signIn();
    const timed = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        const page = await admin.send("/admin/users");
        await page.arrayBuffer();
        expect(page.status).toBe(200);
        times.push(performance.now() - started);
      }
      return times;
    };
    await timed(5);
    const before = await timed(30);

    // A new user: its push goes to the target right after the commit, which takes it and never answers.
    const created = await fetch(`${portal.origin}/scim/v2/Users`, {
      method: "POST",
      headers: { Authorization: `Bearer ${scim.token}`, "Content-Type": "application/scim+json" },
      body: JSON.stringify({
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
        userName: "pushfault@example.com",
        name: { givenName: "Push", familyName: "Fault" },
        emails: [{ value: "pushfault@example.com", primary: true }],
      }),
    });
    expect(created.status).toBe(201);
    await until(async () => target.received.length > 0, 10_000);
    expect(target.received).toHaveLength(1);
    const during = await timed(30);
    // Every page above was answered while the target held the push's connection.
    expect(target.open()).toBeGreaterThan(0);
    expect((await push()).state).toBe("sending");
    before.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    console.info(
      `push target hangs: /admin/users p50 ${percentile(before, 50).toFixed(1)} → ${percentile(during, 50).toFixed(1)} ms, p95 ${percentile(before, 95).toFixed(1)} → ${percentile(during, 95).toFixed(1)} ms`,
    );

    // The attempt times out: pending again, its next try after the base back-off.
    await until(async () => (await push()).state === "pending", 20_000);
    expect(await push()).toMatchObject({ state: "pending", attempts: 1, backOffMs: RETRY_SECONDS * 1000 });
    expect((await push()).lastError).toMatch(/time/i);
    // The retry schedule (every minute) tries again; the back-off doubles after the second failure.
    await until(async () => (await push()).attempts === 2 && (await push()).state === "pending", 110_000);
    expect(await push()).toMatchObject({ state: "pending", attempts: 2, backOffMs: 2 * RETRY_SECONDS * 1000 });
    expect(target.received).toHaveLength(2);
  }, 200_000);
});
