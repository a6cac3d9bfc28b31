import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { rateLimitWindows } from "~/db/schema";
import type { RateVerdict } from "./rate-window";

/** The start of the fixed window a moment falls in (windows of every instance line up). */
export function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/**
 * Counts one hit of a key in its window on the table every instance shares (one statement), and
 * answers the window's hits so far with the moment it ends.
 */
export async function countSharedHit(
  database: Executor,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ hits: number; resetAt: number }> {
  const start = windowStartOf(now, windowMs);
  const [row] = await database
    .insert(rateLimitWindows)
    .values({ key, windowStart: new Date(start), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + 1` },
    })
    .returning({ hits: rateLimitWindows.hits });
  return { hits: row.hits, resetAt: start + windowMs };
}

/** Takes one hit back (a request the limiter was told not to count). */
export async function uncountSharedHit(database: Executor, key: string, windowMs: number, now = Date.now()) {
  await database
    .update(rateLimitWindows)
    .set({ hits: sql`greatest(${rateLimitWindows.hits} - 1, 0)` })
    .where(
      and(eq(rateLimitWindows.key, key), eq(rateLimitWindows.windowStart, new Date(windowStartOf(now, windowMs)))),
    );
}

/** Forgets a key's hits. */
export async function forgetSharedKey(database: Executor, key: string) {
  await database.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
}

/** A limit's hits counted per key: in this process, or on the table every instance shares. */
export interface RateCounter {
  hit(key: string): Promise<RateVerdict>;
}

/** At most `limit` hits per key and fixed window across every instance on the database. */
export function sharedRateCounter(
  name: string,
  limit: number,
  windowMs: number,
  database: () => Executor,
): RateCounter {
  return {
    async hit(key) {
      const now = Date.now();
      const { hits, resetAt } = await countSharedHit(database(), `${name}:${key}`, windowMs, now);
      const allowed = hits <= limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000)) };
    },
  };
}
