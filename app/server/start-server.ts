/** The portal's Express application: security headers, embedded identity provider, Remix. */
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import rateLimit from "express-rate-limit";
import {
  answerUnknownMethods,
  apiAddressRateLimit,
  closeWhenBodyUnread,
  refuseCrossSiteWrites,
  refuseHostMismatch,
  refuseMalformedRequests,
  refuseOversizeBodies,
  refuse,
  secureEveryCookie,
} from "./hardening";
import helmet from "helmet";
import { cspNonceSource } from "./csp-nonce";
import { checkApiContract } from "./api-contract-check";
import { recordApiClientCalls } from "./api-client-calls";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { Config } from "~/config.server";
import { openDatabase, setDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { startPortalJobs, upgradeJobSchema } from "~/assembly/jobs.server";
import { startJobSender } from "~/jobs/runner.server";
import { seedDemo } from "~/seed/seed";
import { deliverSoon, mailTransport, setMailDelivery } from "~/mail/outbox.server";
import { pushSoon, setIntegrations } from "~/integrations/pushes.server";
import { createIdentityProvider } from "~/auth/identity-provider.server";
import { tokenRequestAuthorization } from "~/auth/api-client-auth.server";
import { logger } from "~/logger.server";
import { HealthState } from "./health";
import { withRequestId } from "./request-id";
import { notePseudoLocale } from "~/i18n/pseudo-locale.server";
import { claimedFormKey, settleFormKey } from "~/security/form-key.server";
import { requestScope } from "~/server-context/request-scope.server";
import { SharedRateStore } from "./rate-store";
import { metricsEndpoint, requestMetrics, routePatterns, watchForMetrics } from "./metrics";
import { rateLimitRefusals } from "~/server-context/metrics.server";
import { uploadPatterns } from "~/permissions/route-rules";

import { answerDatabaseOutages, DATABASE_UNAVAILABLE_KEY, OUTAGE_RETRY_AFTER_SECONDS } from "./database-outage";
import { databaseIsUnavailable } from "~/db/errors";
import { serveHashedAssets } from "./precompressed";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    req: IncomingMessage;
    res: ServerResponse;
  }
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const STATIC_FILE = /\.(?:js|css|json|svg|png|ico|woff2?|txt|map)$/i;

/** What the server answers with: the Remix build it was loaded from (production) or Vite's (development). */
export interface PortalBuild {
  /** The build, or (development) a loader of the current one, so an edited route answers at once. */
  serverBuild: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's middleware serves the browser's modules and files instead of build/client. */
  assets?: RequestHandler;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The portal's own configured origins: where its pages (and so its form posts) come from. */
function publicOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.PUBLIC_URL).origin]);
  if (config.PUBLIC_URL_BRAND3) origins.add(new URL(config.PUBLIC_URL_BRAND3).origin);
  return [...origins];
}

/** Where forms may post: our origins and the issuers' (sign-out goes through the identity provider). */
function formActionOrigins(config: Config): string[] {
  const origins = new Set(publicOrigins(config));
  for (const issuer of [config.OIDC_ISSUER, config.OIDC_ISSUER_BRAND3]) if (issuer) origins.add(new URL(issuer).origin);
  return [...origins];
}

/** Migrations and the demo data: once, before the portal serves (by the cluster's primary when there are workers). */
export async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<void> {
  await database.migrate();
  await upgradeJobSchema(database);
  if (config.SEED_DEMO) await seedDemo(database.db);
}

export async function startServer(
  config: Config,
  options: {
    build: PortalBuild;
    afterSeed?: (db: Database) => Promise<void>;
    /** A cluster worker: the primary prepared the database; only the first worker runs the jobs. */
    worker?: { runsJobs: boolean };
    /** False: the jobs run when sent (imports), never on their clock — for a test that compares the database per request. */
    schedules?: boolean;
  },
): Promise<RunningServer> {
  const app = express();
  app.disable("x-powered-by");
  // Only a proxy named on purpose may say who the client is (the sign-in and API limits key on it)
  // or which request this is (X-Request-Id).
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(withRequestId(config.TRUST_PROXY !== false));
  app.use((req, _res, next) => {
    notePseudoLocale(req.headers.cookie);
    next();
  });
  // The test suites hold every API answer against the OpenAPI document (issue #35); before any refusal, so those are held too.
  if (config.API_CONTRACT_CHECK === "true" && !config.isProduction)
    app.use(checkApiContract(config.API_CONTRACT_VIOLATIONS_FILE));
  const metrics = requestMetrics();
  app.use(metrics.middleware);
  app.use(closeWhenBodyUnread());
  app.use(refuseMalformedRequests());
  // The pages that take a file are the routes marked so by their domains.
  app.use(refuseOversizeBodies(uploadPatterns()));
  if (config.isProduction) app.use(secureEveryCookie());

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Path only: query strings can carry codes and states.
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, "request");
      // A write may have queued pushes of identities or organizations (in its audit): send them now.
      if (WRITES.has(req.method)) void pushSoon();
    });
    next();
  });

  // Health first: a load balancer asks while the portal prepares and while it stops (issue #32 §3).
  const health = new HealthState(config);
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const readiness = await health.check();
    res
      .set("Cache-Control", "no-store")
      .status(readiness.ready ? 200 : 503)
      .json(readiness.ready ? { status: "ready" } : { status: "unavailable", reason: readiness.reason });
  });
  app.get("/metrics", metricsEndpoint(config));
  app.use((_req, res, next) => {
    if (health.phase === "ready") return next();
    res.set("Retry-After", "5").status(503).type("text/plain").send("The portal is starting or stopping");
  });

  const listen = () =>
    new Promise<import("node:http").Server>((resolve, reject) => {
      const s = app.listen(config.PORT, () => resolve(s)).once("error", reject);
      answerUnknownMethods(s);
    });
  // A single server listens before the database is prepared, so /readyz says "starting" meanwhile.
  // A cluster worker listens once it serves: the primary would hand a starting one its share.
  const startUp = phaseClock();
  let server = options.worker ? null : await listen();

  let database: DatabaseHandle | null = null;
  let jobs: Awaited<ReturnType<typeof startPortalJobs>> | null = null;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    startUp.mark("database");
    if (!options.worker) await prepareDatabase(database, config);
    startUp.mark("migrationsAndSeed");
    setDatabase(database);
    await options.afterSeed?.(database.db);
    const handle = database;

    // E-mail leaves after the commit that queued it; what failed is retried by the jobs.
    const transport = mailTransport(config);
    setMailDelivery(() => handle.db, transport);
    void deliverSoon();
    setIntegrations(
      { targets: config.integrationTargets, retrySeconds: config.INTEGRATION_RETRY_SECONDS },
      () => handle.db,
    );

    // The scheduled jobs (housekeeping, auto-deactivation, mail retries) on pg-boss: each runs once
    // across instances (ADR 18). A runner that cannot start leaves the portal serving, says so,
    // and /readyz answers 503 until it is restarted.
    const runsJobs = options.worker?.runsJobs ?? true;
    jobs = runsJobs
      ? await startPortalJobs(handle, transport, { schedules: options.schedules }).catch((error: unknown) => {
          logger.error({ err: error instanceof Error ? error.message : String(error) }, "job runner did not start");
          return null;
        })
      : // The other workers only send the jobs a request asks for (a bulk import) to the runner.
        await startJobSender(handle).catch((error: unknown) => {
          logger.error({ err: error instanceof Error ? error.message : String(error) }, "job sender did not start");
          return null;
        });
    startUp.mark("jobs");
    health.watch(handle, runsJobs ? (jobs ? "started" : "failed") : "elsewhere");
    watchForMetrics(handle);

    metrics.usePatterns(routePatterns(await servePortal(app, config, handle, options.build)));
    startUp.mark("http");
    server ??= await listen();
  } catch (error) {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await jobs?.stop({ graceful: false });
    await database?.close();
    throw error;
  }
  health.phase = "ready";
  // Where the start-up's time went, for an operator who wonders why an instance is slow to join.
  logger.info({ ms: startUp.phases() }, "ready");

  const url = config.PUBLIC_URL;
  const handle = database;
  const listening = server;
  return {
    url,
    close: async () => {
      // Graceful (issue #32 §6): /readyz says so, no new connection is taken, the requests under way
      // and the running job finish (cut after SHUTDOWN_TIMEOUT_SECONDS), then the pool closes.
      health.phase = "stopping";
      const timeout = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
      logger.info({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, "shutting down: finishing requests and jobs");
      const drained = new Promise<void>((resolve) => listening.close(() => resolve()));
      listening.closeIdleConnections();
      const cut = setTimeout(() => listening.closeAllConnections(), timeout);
      try {
        await Promise.all([drained, jobs?.stop({ graceful: true, timeout })]);
      } finally {
        clearTimeout(cut);
      }
      await handle.close();
      logger.info("stopped");
    },
  };
}

/** Milliseconds between marks, by the name of the phase each mark ends. */
function phaseClock() {
  let last = performance.now();
  const phases: Record<string, number> = {};
  return {
    mark(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
    phases: () => phases,
  };
}

/** The portal behind the health checks: security headers, limits, the identity provider, files and Remix. */
async function servePortal(
  app: express.Express,
  config: Config,
  database: DatabaseHandle,
  build: PortalBuild,
): Promise<ServerBuild> {
  // The limits count on the database every instance shares on PostgreSQL (issue #32 §7).
  const sharedStore = (name: string) =>
    database.kind === "postgres" ? new SharedRateStore(name, () => database.db) : undefined;
  // The build's hashed files first: kept for a year, sent as compressed at build time, with the
  // headers a file needs rather than a page's.
  if (!build.assets)
    app.use("/assets", serveHashedAssets(path.resolve("build/client/assets"), { hsts: config.isProduction }));
  const nextNonce = cspNonceSource();
  app.use((_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          // Development: Vite's hot reload talks over a WebSocket of its own.
          connectSrc: ["'self'", ...(build.assets ? ["ws:"] : [])],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'", ...formActionOrigins(config)],
          ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      // Agrees with frame-ancestors 'none' for browsers that read only the older header.
      frameguard: { action: "deny" },
    }),
  );

  app.use(refuseCrossSiteWrites(publicOrigins(config)));
  app.use(refuseHostMismatch());

  // Files are compressed hard (fetched once, then kept by the browser); pages are made per
  // request, so they get the fast level: a little larger, much cheaper (issue #12).
  const compressFiles = compression();
  const compressPages = compression({ level: 1 });
  app.use((req, res, next) => (STATIC_FILE.test(req.path) ? compressFiles : compressPages)(req, res, next));

  app.use(
    "/signin",
    rateLimit({
      windowMs: 60_000,
      limit: config.SIGNIN_RATE_LIMIT_PER_MINUTE,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      skip: (req) => req.method !== "POST",
      store: sharedStore("signin"),
      passOnStoreError: true,
      handler: (_req, res, _next, options) => {
        rateLimitRefusals.inc({ limit: "signin" });
        res.status(options.statusCode).send(options.message);
      },
    }),
  );

  app.use(["/api", "/scim"], apiAddressRateLimit(config, sharedStore("api-address")));
  app.use(["/api", "/scim"], recordApiClientCalls());

  if (config.embeddedIdp) {
    const provider = createIdentityProvider(config);
    // An API client's secret is checked against its hashes before the provider sees the request.
    app.post("/oidc/token", (req, _res, next) => {
      tokenRequestAuthorization(req.headers.authorization)
        .then((authorization) => {
          if (authorization) req.headers.authorization = authorization;
          next();
        })
        .catch(next);
    });
    app.use("/oidc", provider.callback());
  }

  if (build.assets) {
    app.use(build.assets);
  } else {
    const clientDir = path.resolve("build/client");
    // Every static file has an extension: a page's address never costs a look on disk.
    const staticFiles = [express.static(clientDir, { maxAge: "1h" }), express.static("public", { maxAge: "1h" })];
    for (const serve of staticFiles)
      app.use((req, res, next) => (path.extname(req.path) ? serve(req, res, next) : next()));
  }

  const { serverBuild } = build;
  const remixHandler = createRequestHandler({
    build:
      typeof serverBuild === "function"
        ? async () => answerDatabaseOutages(await serverBuild())
        : answerDatabaseOutages(serverBuild),
    mode: config.isProduction ? "production" : process.env.NODE_ENV,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, req, res }),
  });
  app.all("*", keepFormKeyAnswers(), remixHandler);

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (databaseIsUnavailable(error)) {
      logger.warn(
        { path: req.path, err: error instanceof Error ? error.message : String(error) },
        "database unavailable",
      );
      if (!res.headersSent) {
        res.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
        refuse(req, res, 503, DATABASE_UNAVAILABLE_KEY);
      }
      return;
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal server error");
  });
  return typeof build.serverBuild === "function" ? build.serverBuild() : build.serverBuild;
}

/**
 * Keeps the answer of a post that claimed a one-time key (issue #34), once it is sent: where it
 * redirected (a page's Location, or Remix's X-Remix-Redirect for a script's post), for a repeat.
 */
function keepFormKeyAnswers(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const store = requestScope.getStore();
    res.on("finish", () => {
      const key = claimedFormKey(store);
      if (!key) return;
      const location = res.getHeader("location") ?? res.getHeader("x-remix-redirect");
      settleFormKey(key, res.statusCode, typeof location === "string" ? location : null).catch((error: unknown) =>
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "form key: answer not kept"),
      );
    });
    next();
  };
}
