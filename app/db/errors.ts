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
