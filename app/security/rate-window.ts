export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the caller's window ends (for Retry-After), when refused. */
  retryAfterSeconds: number;
}

/**
 * A fixed-window request counter per key (one per process): at most `limit` hits per
 * `windowMs`; the hit after that is refused until the window ends.
 */
export class RateWindow {
  private readonly windows = new Map<string, { startedAt: number; hits: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): RateVerdict {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 10_000) this.forgetEnded(now);
      window = { startedAt: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    const allowed = window.hits <= this.limit;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)),
    };
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
