import type { Options, Store } from "express-rate-limit";
import type { Executor } from "~/db/client.server";
import { countSharedHit, forgetSharedKey, uncountSharedHit } from "~/security/shared-rate.server";

/**
 * express-rate-limit's counts on the table every instance on one PostgreSQL shares (issue #32 §7),
 * so N instances allow the limit once, not N times. PGlite belongs to one process: it keeps the
 * limiter's own memory store.
 */
export class SharedRateStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    name: string,
    private readonly database: () => Executor,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    const { hits, resetAt } = await countSharedHit(this.database(), this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await uncountSharedHit(this.database(), this.prefix + key, this.windowMs);
  }

  async resetKey(key: string): Promise<void> {
    await forgetSharedKey(this.database(), this.prefix + key);
  }
}
