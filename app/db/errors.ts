/**
 * Whether a database error is a unique violation (SQLSTATE 23505), on node-postgres or PGlite,
 * directly or wrapped by Drizzle: two saves that raced for the same unique value.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** SQLSTATEs of a server that is going away or not there yet (class 08, and 57P01–57P03). */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[123])$/;
/** What node-postgres and Node's sockets say when the server is unreachable or the connection died. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/**
 * Whether an error says the database cannot be reached at the moment (stopped, restarting, the
 * connection cut), directly or wrapped by Drizzle — as opposed to an error of the query itself.
 * Such a request is answered "temporarily unavailable" (503), not as a server error.
 */
export function databaseIsUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_CODES.has(e.code))) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((text) => (e!.message as string).startsWith(text)))
      return true;
    if (error instanceof AggregateError && depth === 0 && error.errors.some((inner) => databaseIsUnavailable(inner)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
