import { randomBytes } from "node:crypto";

import { HANDED_ON_ID } from "./request-id-shape";

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
