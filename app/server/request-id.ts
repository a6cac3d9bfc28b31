import type { RequestHandler } from "express";
import { REQUEST_ID_KEY, requestIdFor } from "~/server-context/request-id";
import { REQUEST_LOCALE_KEY, requestScope } from "~/server-context/request-scope.server";
import { localeFromHeaders } from "~/i18n/locale";

/**
 * Every request gets an id (a trusted proxy's X-Request-Id, or a new one), answered in the
 * X-Request-Id header and kept in the request's scope for the rest of its way: every log line
 * written meanwhile carries it, and a server error's page shows it as its reference.
 */
export function withRequestId(trustedProxy: boolean): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFor(req.get("X-Request-Id"), trustedProxy);
    res.setHeader("X-Request-Id", id);
    // The request's language, for answers written without it (the API's problem titles): read
    // only when one is written, not for every asset.
    const locale = () => localeFromHeaders(req.get("cookie"), req.get("accept-language"));
    requestScope.run(
      new Map<string, unknown>([
        [REQUEST_ID_KEY, id],
        [REQUEST_LOCALE_KEY, locale],
      ]),
      next,
    );
  };
}
