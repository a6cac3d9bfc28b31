import { randomBytes } from "node:crypto";

/** A request id a proxy may hand on: letters, digits and . _ - only, so it is safe in a header and a log line. */
const HANDED_ON_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * A request's id: the one a trusted proxy sent in X-Request-Id (so one id follows the request
 * through the load balancer and the portal), or a new one. A client that is not behind a
 * trusted proxy cannot choose its id: it could make its requests look like someone else's.
 */
export function requestIdFor(handedOn: string | undefined, trustedProxy: boolean): string {
  if (trustedProxy && handedOn && HANDED_ON_ID.test(handedOn)) return handedOn;
  return randomBytes(8).toString("hex");
}

/** Where the request scope keeps the request's id (the server puts it there; logs and the error page read it). */
export const REQUEST_ID_KEY = "requestId";
