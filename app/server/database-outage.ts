/**
 * While the database cannot be reached (stopped, restarting, a failover), a request is answered
 * "temporarily unavailable" — 503 with Retry-After — in its own form, never as a server error:
 * the API's problem details, SCIM's error, a page's error view with a reference (issue #37 §3).
 * Every route's loader and action is wrapped once, when the build is loaded, so no route repeats it.
 */
import type { ServerBuild } from "@remix-run/node";
import { apiProblem } from "~/api/replies.server";
import { scimErrorBody } from "~/api/scim-error";
import { scimJson } from "~/auth/scim-answer.server";
import { databaseIsUnavailable } from "~/db/errors";
import { translatorFor } from "~/i18n/i18next.server";
import { localeOrDefault } from "~/i18n/locale";
import { logger } from "~/logger.server";
import { currentRequestId, currentRequestLocale } from "~/server-context/request-scope.server";

/** Seconds a client is asked to wait: the portal reconnects at its next query once the database is back. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_KEY = "errors.databaseUnavailable";

/** The answer to a request that met the outage, in the form its address speaks. */
export function outageAnswer(pathname: string, reference: string | undefined): Response {
  const headers = { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  const locale = currentRequestLocale();
  const message = translatorFor(localeOrDefault(locale))(DATABASE_UNAVAILABLE_KEY);
  const path = pathname.toLowerCase();
  if (path.startsWith("/api/")) return apiProblem(503, message, { kind: "unavailable", headers });
  if (path.startsWith("/scim/")) return scimJson(scimErrorBody(503, message), 503, headers);
  // A page's error view reads the key and shows the reference (thrown: the route's boundary renders it).
  return Response.json({ key: DATABASE_UNAVAILABLE_KEY, reference }, { status: 503, headers });
}

type Handler = (args: { request: Request }) => unknown;

function answeringOutages(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!databaseIsUnavailable(error)) throw error;
      const reference = currentRequestId();
      const { pathname } = new URL(args.request.url);
      logger.warn(
        { reference, path: pathname, err: error instanceof Error ? error.message : String(error) },
        "database unavailable: answered 503",
      );
      throw outageAnswer(pathname, reference);
    }
  };
}

/** The build with every route's loader and action answering a database outage with a 503. */
export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answeringOutages(loader as Handler) as typeof loader } : {}),
        ...(action ? { action: answeringOutages(action as Handler) as typeof action } : {}),
      },
    };
  }
  return { ...build, routes };
}
