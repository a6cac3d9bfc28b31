import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from "prom-client";
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";
import type { Config } from "~/config.server";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "~/logger.server";
import { WAITING_MAIL_SQL } from "~/mail/outbox.server";
import { metricsAccessOf } from "~/security/metrics-access";
import { metricOnce } from "~/server-context/metrics.server";

/*
 * /metrics (issue #32 §4): requests by route pattern (never the raw path: its ids would make a
 * series per record), what the portal counts itself (app/server-context/metrics.server.ts), and
 * gauges read when scraped: sessions, job queues, the mail and push outboxes, the database pool.
 */

const requests = metricOnce(
  "portal_http_requests_total",
  () =>
    new Counter({
      name: "portal_http_requests_total",
      help: "HTTP requests by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
    }),
);
const durations = metricOnce(
  "portal_http_request_duration_seconds",
  () =>
    new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "HTTP request durations by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/** The database the scraped gauges read: the last server started in this process. */
let watched: DatabaseHandle | null = null;

/** Rows of a statement the gauges run; none when the database does not answer (a scrape never fails for it). */
async function rowsOf<T>(text: string, values: unknown[] = []): Promise<T[]> {
  if (!watched) return [];
  try {
    return (await watched.executeSql(text, values)).rows as T[];
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "metrics: a gauge could not be read");
    return [];
  }
}

function gauge(name: string, help: string, labelNames: readonly string[], read: (set: Gauge["set"]) => Promise<void>) {
  metricOnce(
    name,
    () =>
      new Gauge({
        name,
        help,
        labelNames,
        async collect() {
          this.reset();
          await read(this.set.bind(this));
        },
      }),
  );
}

function registerGauges(): void {
  if (!register.getSingleMetric("process_cpu_user_seconds_total")) collectDefaultMetrics({ register });
  gauge("portal_active_sessions", "Sessions not yet expired", [], async (set) => {
    const [row] = await rowsOf<{ n: number }>("select count(*)::int as n from sessions where expires_at > now()");
    if (row) set(row.n);
  });
  gauge("portal_job_queue_depth", "Jobs waiting to run, by queue", ["queue"], async (set) => {
    const rows = await rowsOf<{ queue: string; n: number }>(
      "select name as queue, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name",
    );
    for (const row of rows) set({ queue: row.queue }, row.n);
  });
  gauge(
    "portal_outbox_backlog",
    "Messages waiting to be delivered, by outbox (mail, push)",
    ["outbox"],
    async (set) => {
      for (const row of await outboxes()) set({ outbox: row.outbox }, row.n);
    },
  );
  gauge(
    "portal_outbox_oldest_age_seconds",
    "How long the oldest waiting message has waited, by outbox (0 when none waits)",
    ["outbox"],
    async (set) => {
      for (const row of await outboxes()) set({ outbox: row.outbox }, row.age ?? 0);
    },
  );
  gauge(
    "portal_db_pool_connections",
    "PostgreSQL pool connections by state (total, idle, waiting)",
    ["state"],
    async (set) => {
      const use = watched?.poolUse?.();
      if (!use) return;
      for (const [state, n] of Object.entries(use)) set({ state }, n);
    },
  );
}

/** The mail and push outboxes' backlog and oldest wait, in one statement. */
function outboxes() {
  return rowsOf<{ outbox: string; n: number; age: number | null }>(
    `select 'mail' as outbox, count(*)::int as n, floor(extract(epoch from now() - min(created_at)))::int as age
       from ${WAITING_MAIL_SQL}
     union all
     select 'push', count(*)::int, floor(extract(epoch from now() - min(requested_at)))::int
       from integration_pushes where state in ('pending', 'sending')`,
  );
}

/** Gauges read this database from now on. */
export function watchForMetrics(database: DatabaseHandle): void {
  watched = database;
  registerGauges();
}

type RouteNode = { id: string; path?: string; index?: boolean; children: RouteNode[] };

/** The route pattern of a path (`/admin/users/:id/view/:tab?`), from the build's routes; paths outside Remix by their prefix. */
export function routePatterns(build: ServerBuild): (path: string) => string {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes))
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return (path) => {
    if (path.startsWith("/oidc/") || path === "/oidc") return "/oidc/*";
    if (path.startsWith("/assets/")) return "/assets/*";
    const matches = matchRoutes(roots as never, path.replace(/\.data$/, "")) ?? [];
    const parts = matches.map((match) => (match.route as RouteNode).path).filter(Boolean);
    return matches.length ? `/${parts.join("/")}` : "unmatched";
  };
}

/** The server's own answers, outside Remix: each is its own pattern. */
const OWN_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Counts every request by method, route pattern and status, with its duration. Until the Remix
 * build is loaded the portal answers only its health checks, which are their own patterns.
 */
export function requestMetrics(): {
  middleware: RequestHandler;
  usePatterns(patternOf: (path: string) => string): void;
} {
  let patternOf = (path: string) => (OWN_PATHS.has(path) ? path : "unmatched");
  return {
    middleware: (req, res, next) => {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const labels = { method: req.method, route: patternOf(req.path), status: String(res.statusCode) };
        requests.inc(labels);
        durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    },
    usePatterns: (next) => {
      patternOf = (path) => (OWN_PATHS.has(path) ? path : next(path));
    },
  };
}

/** GET /metrics: the registry in Prometheus' text format, for a bearer of the token or an allowed address only. */
export function metricsEndpoint(config: Pick<Config, "METRICS_TOKEN" | "METRICS_ALLOWED_ADDRESSES">): RequestHandler {
  return async (req, res) => {
    const access = metricsAccessOf({ authorization: req.get("Authorization"), address: req.ip }, config);
    if (access !== "allowed") {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"').status(401).type("text/plain").send("Unauthorized");
      return;
    }
    res
      .set("Content-Type", register.contentType)
      .set("Cache-Control", "no-store")
      .send(await register.metrics());
  };
}
