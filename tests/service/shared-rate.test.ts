import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { countSharedHit, sharedRateCounter, windowStartOf } from "~/security/shared-rate.server";
import { BACKENDS, seededDatabase } from "./backends";

describe("issue #32 §7: windowStartOf lines every instance's windows up", () => {
  it("puts moments of one minute in one window and the next minute in the next", () => {
    const minute = 60_000;
    expect(windowStartOf(Date.UTC(2026, 10, 26, 1, 0, 59, 999), minute)).toBe(Date.UTC(2026, 10, 26, 1, 0));
    expect(windowStartOf(Date.UTC(2026, 10, 26, 1, 1), minute)).toBe(Date.UTC(2026, 10, 26, 1, 1));
  });
});

describe.each(BACKENDS)("issue #32 §7: limits counted once on the shared table ($name)", (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  it("counts the hits of a key in its window, whichever counter (instance) counts them", async () => {
    const now = Date.UTC(2026, 10, 26, 1, 0, 10);
    expect(await countSharedHit(handle.db, "t:a", 60_000, now)).toEqual({
      hits: 1,
      resetAt: Date.UTC(2026, 10, 26, 1, 1),
    });
    expect((await countSharedHit(handle.db, "t:a", 60_000, now + 5_000)).hits).toBe(2);
    expect((await countSharedHit(handle.db, "t:b", 60_000, now)).hits).toBe(1);
    // The next window starts again.
    expect((await countSharedHit(handle.db, "t:a", 60_000, now + 60_000)).hits).toBe(1);
  });

  it("refuses the hit over the limit with the seconds to the window's end, across two counters of one limit", async () => {
    const one = sharedRateCounter("two-instances", 3, 60_000, () => handle.db);
    const other = sharedRateCounter("two-instances", 3, 60_000, () => handle.db);
    const verdicts = [await one.hit("1.2.3.4"), await other.hit("1.2.3.4"), await one.hit("1.2.3.4")];
    expect(verdicts.every((v) => v.allowed)).toBe(true);
    const refused = await other.hit("1.2.3.4");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await one.hit("5.6.7.8")).allowed).toBe(true);
  });
});
