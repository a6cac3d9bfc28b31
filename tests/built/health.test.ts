/**
 * Issue #32 §3, §5: liveness and readiness, and one id per request in the answer, the log and the
 * error page. Readiness is shown starting (PGlite, while migrations and the demo data run), ready,
 * and — on PostgreSQL behind a connection the test can cut — without its database, and back.
 */
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PortalClient, freePort, startPortal, type Portal } from "./portal";
import { dropPostgresDatabase, freshPostgresDatabase } from "./processes";
import { POSTGRES_URL, postgresReachable } from "../service/backends";

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: CI needs it`);

/** The first answer of an address that is not listening yet: polled until it answers (a condition, not a sleep). */
async function firstAnswer(url: string, deadline: number): Promise<Response> {
  while (Date.now() < deadline) {
    const answer = await fetch(url).catch(() => null);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer`);
}

const portals: Portal[] = [];
const METRICS_TOKEN = "metrics-token-for-the-suite";

/** The value of one series in a Prometheus text exposition (labels as written), or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
afterAll(async () => {
  for (const portal of portals) await portal.close();
});

describe("issue #32 §3: /healthz says the process answers, /readyz whether it should get requests", () => {
  it("answers 503 'starting' while the database is prepared, then 200 ready; /healthz is 200 throughout", async () => {
    const port = await freePort();
    const starting = startPortal({ PORT: String(port), METRICS_TOKEN });
    const early = await firstAnswer(`http://localhost:${port}/readyz`, Date.now() + 60_000);
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ status: "unavailable", reason: "starting" });
    expect(early.headers.get("cache-control")).toBe("no-store");
    const live = await fetch(`http://localhost:${port}/healthz`);
    expect(live.status).toBe(200);
    // A page asked meanwhile is refused with a hint to come back, not half-served.
    const page = await fetch(`http://localhost:${port}/`, { redirect: "manual" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");

    const portal = await starting;
    portals.push(portal);
    const ready = await fetch(`${portal.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

describe("issue #32 §5: every request has an id, in its answer, its log lines and its error page", () => {
  it("answers a new id in X-Request-Id, and does not take one from a client that no trusted proxy vouches for", async () => {
    const portal = portals[0];
    const first = await fetch(`${portal.origin}/healthz`);
    const second = await fetch(`${portal.origin}/healthz`, { headers: { "X-Request-Id": "chosen-by-client-1" } });
    const [a, b] = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toMatch(/^[0-9a-f]{16}$/);
    expect(b).not.toBe(a);
  });
});

describe("issue #32 §4: /metrics in Prometheus format, for the token's bearer only", () => {
  // One portal per process at a time: the next suite starts its own on PostgreSQL.
  afterAll(async () => {
    await portals.shift()?.close();
  });

  it("refuses a caller without the token (or with a wrong one), with nothing of the metrics", async () => {
    const portal = portals[0];
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-token-at-all" },
      { Authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await fetch(`${portal.origin}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain("portal_");
    }
  });

  it("counts requests by route pattern (never the raw path), sign-ins, password checks and what waits in the outboxes", async () => {
    const portal = portals[0];
    const admin = new PortalClient(portal.origin, portal.db);
    await admin.signIn();
    const found = (await portal.db.execute(
      sql`select id from identities where email = 'dealer@example.com'`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const [{ id }] = found.rows;
    expect((await admin.send(`/admin/users/${id}/view`)).status).toBe(200);
    const scrape = await fetch(`${portal.origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    const text = await scrape.text();
    expect(
      seriesValue(text, 'portal_http_requests_total{method="GET",route="/admin/users/:id/view/:tab?",status="200"}'),
    ).toBe(1);
    expect(text).not.toContain(`/admin/users/${id}/`);
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/readyz"');
    expect(seriesValue(text, 'portal_sign_ins_total{result="success"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'portal_password_checks_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, "portal_active_sessions")).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'portal_outbox_backlog{outbox="mail"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'portal_outbox_oldest_age_seconds{outbox="push"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain("# TYPE portal_job_runs_total counter");
    expect(text).toContain("# TYPE portal_rate_limit_refusals_total counter");
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});

describe.skipIf(!reachable)("issue #32 §3: /readyz answers 503 while the database does not answer", () => {
  const name = `portal_health_${process.pid}`;
  const sockets = new Set<net.Socket>();
  let proxy: net.Server | undefined;
  let proxyPort = 0;

  /** A TCP relay to the PostgreSQL server, which the test can cut and restore like a network fault. */
  async function openProxy(): Promise<void> {
    const target = new URL(POSTGRES_URL);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy!.listen(proxyPort, "127.0.0.1", resolve));
    proxyPort = (proxy.address() as net.AddressInfo).port;
  }

  async function cutProxy(): Promise<void> {
    const closed = new Promise<void>((resolve) => proxy!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  afterAll(async () => {
    if (proxy?.listening) await cutProxy();
    await dropPostgresDatabase(name);
  });

  it("ready on PostgreSQL; 503 with a reason when the connection to it is cut; ready again when it is back", async () => {
    await freshPostgresDatabase(name);
    await openProxy();
    const url = new URL(POSTGRES_URL);
    url.host = `127.0.0.1:${proxyPort}`;
    url.pathname = `/${name}`;
    const portal = await startPortal({ DATABASE_URL: url.toString() });
    portals.push(portal);

    expect((await fetch(`${portal.origin}/readyz`)).status).toBe(200);
    await cutProxy();
    const down = await fetch(`${portal.origin}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", reason: "the database does not answer" });
    expect((await fetch(`${portal.origin}/healthz`)).status).toBe(200);

    await openProxy();
    const back = await fetch(`${portal.origin}/readyz`);
    expect(back.status).toBe(200);
  });
});
