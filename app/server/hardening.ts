/** Checks every request meets before a route: request shape, cross-site writes, cookie flags, API rate limits. */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import rateLimit, { type Store } from "express-rate-limit";
import type { Config } from "~/config.server";
import { localeFromHeaders } from "~/i18n/locale";
import { translatorFor } from "~/i18n/i18next.server";
import { logger } from "~/logger.server";
import { PROBLEM_CONTENT_TYPE } from "~/api/problems";
import { problemBody } from "~/api/replies.server";
import { SCIM_CONTENT_TYPE, scimErrorBody } from "~/api/scim-error";
import { isCrossSiteWrite, originMatchesHost } from "~/security/cross-site";
import { bodyKindOf, bodySizeProblem } from "~/security/body-limits";
import { withSecureFlag } from "~/security/cookie-flags";
import { ALLOWED_METHODS, requestShapeProblem } from "~/security/request-shape";
import { rateLimitRefusals } from "~/server-context/metrics.server";

/** A refusal in the caller's language: plain text for pages, JSON for the API. */
export function refuse(req: Request, res: Response, status: number, key: string): void {
  const locale = localeFromHeaders(req.get("cookie"), req.get("accept-language"));
  const message = translatorFor(locale)(key);
  res.setHeader("Cache-Control", "no-store");
  if (req.originalUrl.toLowerCase().startsWith("/scim/"))
    res
      .status(status)
      .type(SCIM_CONTENT_TYPE)
      .send(JSON.stringify(scimErrorBody(status, message)));
  else if (req.originalUrl.toLowerCase().startsWith("/api/"))
    res
      .status(status)
      .type(PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problemBody(status, message, { locale })));
  else res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** 405 for methods the portal does not answer, 400 for addresses that do not decode or carry NUL, 415 for non-form page posts. */
export function refuseMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    const problem = requestShapeProblem({
      method: req.method,
      url: req.originalUrl,
      contentType: req.get("content-type"),
    });
    if (!problem) return next();
    logger.warn({ method: req.method, status: problem.status, reason: problem.key }, "request refused");
    if (problem.status === 405) res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    refuse(req, res, problem.status, problem.key);
  };
}

/** Refuses writes from other sites (Origin, else Referer, against the configured public origins). */
export function refuseCrossSiteWrites(publicOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      referer: req.get("referer"),
      allowedOrigins: publicOrigins,
    });
    if (!crossSite) return next();
    logger.warn({ method: req.method, path: req.path }, "cross-site write refused");
    if (/^\/(api|scim)\//i.test(req.originalUrl)) refuse(req, res, 403, "refusals.crossSite");
    else res.status(403).type("text/plain").send("Cross-site request refused");
  };
}

/**
 * Refuses a write whose Origin is not the host it was sent to (a forged Host or X-Forwarded-Host):
 * Remix would throw on it, a 500; this answers 403 first. The identity provider is not Remix.
 */
export function refuseHostMismatch(): RequestHandler {
  return (req, res, next) => {
    if (bodyKindOf(req.path) === "provider") return next();
    const matches = originMatchesHost({
      method: req.method,
      origin: req.get("origin"),
      host: req.get("host"),
      forwardedHost: req.get("x-forwarded-host"),
    });
    if (matches) return next();
    logger.warn({ method: req.method, path: req.path }, "write to another host refused");
    refuse(req, res, 403, "refusals.crossSite");
  };
}

/**
 * Refuses a body over its path's limit (413) or of unknown length (411) before anything reads it:
 * page forms are small, only the upload pages (`uploadPaths`) take files, the API takes JSON (issue #30).
 */
export function refuseOversizeBodies(uploadPaths: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const problem = bodySizeProblem({
      path: req.path,
      uploadPaths,
      contentLength: req.get("content-length"),
      transferEncoding: req.get("transfer-encoding"),
    });
    if (!problem) return next();
    logger.warn({ method: req.method, path: req.path, status: problem.status }, "request body refused");
    refuse(req, res, problem.status, problem.key);
  };
}

/**
 * Middleware that adjusts a response's headers just before they go out, whoever wrote them: Node
 * sends headers through `writeHead` (called implicitly too), while libraries may set headers
 * through the prototype's `setHeader` (the provider's cookie library does), which an instance
 * patch of `setHeader` would miss.
 */
function beforeHeadersGoOut(adjust: (req: Request, res: Response) => void): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!this.headersSent) adjust(req, this);
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/** In production every cookie is Secure, whoever sets it (Remix routes, the identity provider, the sign-in client). */
export function secureEveryCookie(): RequestHandler {
  return beforeHeadersGoOut((_req, res) => {
    const cookies = res.getHeader("set-cookie");
    if (cookies === undefined) return;
    const lines = Array.isArray(cookies) ? cookies : [String(cookies)];
    res.setHeader("Set-Cookie", lines.map(withSecureFlag));
  });
}

/**
 * A request whose body the answer leaves unread (a 404, a 405, a refusal before the body) ends its
 * connection: otherwise the unread bytes would be taken as the next request on that socket.
 */
export function closeWhenBodyUnread(): RequestHandler {
  return beforeHeadersGoOut((req, res) => {
    if (!req.complete) res.setHeader("Connection", "close");
  });
}

/** The API's per-address limit (the per-user one is applied once the caller is known). */
export function apiAddressRateLimit(config: Config, store?: Store): RequestHandler {
  return rateLimit({
    store,
    // A database that does not answer lets the request through (and says so) rather than refusing everyone.
    passOnStoreError: true,
    windowMs: 60_000,
    limit: config.API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (req: Request, res: Response, _next: NextFunction, options) => {
      const retryAfter = Math.ceil(options.windowMs / 1000);
      if (!res.getHeader("Retry-After")) res.setHeader("Retry-After", String(retryAfter));
      logger.warn({ path: req.path }, "API rate limit reached");
      rateLimitRefusals.inc({ limit: "api-address" });
      refuse(req, res, 429, "refusals.tooManyRequests");
    },
  });
}

/** Methods Node's parser does not know (`FOO /`) get a 405 too, not a bare 400. */
export function answerUnknownMethods(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return;
    if (error.code === "HPE_INVALID_METHOD") {
      socket.end(
        `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(", ")}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
}
