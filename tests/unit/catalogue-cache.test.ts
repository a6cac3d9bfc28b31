import { describe, expect, it } from "vitest";
import {
  CATALOGUE_TTL_MS,
  cachedCatalogue,
  invalidateCatalogue,
  isFresh,
} from "~/server-context/catalogue-cache.server";

describe("ADR 8 catalogue cache: fresh for the TTL, dropped by a write", () => {
  it("an entry is fresh for the TTL only", () => {
    expect(isFresh(1_000, 1_000)).toBe(true);
    expect(isFresh(1_000, 1_000 + CATALOGUE_TTL_MS - 1)).toBe(true);
    expect(isFresh(1_000, 1_000 + CATALOGUE_TTL_MS)).toBe(false);
    expect(isFresh(1_000, 999)).toBe(false);
  });

  it("serves from the cache while fresh; loads again after the TTL", async () => {
    const database = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedCatalogue(database, "apps", load, 0)).toBe(1);
    expect(await cachedCatalogue(database, "apps", load, 100)).toBe(1);
    expect(await cachedCatalogue(database, "apps", load, CATALOGUE_TTL_MS + 1)).toBe(2);
  });

  it("concurrent callers share one load; each database has its own entries", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const a = {};
    const [x, y] = await Promise.all([cachedCatalogue(a, "apps", load, 0), cachedCatalogue(a, "apps", load, 0)]);
    expect([x, y]).toEqual([1, 1]);
    expect(await cachedCatalogue({}, "apps", load, 0)).toBe(2);
  });

  it("a write drops the entry at once", async () => {
    const database = {};
    let loads = 0;
    const load = async () => ++loads;
    await cachedCatalogue(database, "apps", load, 0);
    invalidateCatalogue(database, "apps");
    expect(await cachedCatalogue(database, "apps", load, 1)).toBe(2);
  });

  it("a load that ran while a write committed is not kept", async () => {
    const database = {};
    let release!: (v: string) => void;
    const slow = cachedCatalogue(database, "apps", () => new Promise<string>((r) => (release = r)), 0);
    invalidateCatalogue(database, "apps");
    // A caller after the write does not get the old, still-running load.
    const after = cachedCatalogue(database, "apps", async () => "after the write", 1);
    release("before the write");
    expect(await slow).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cachedCatalogue(database, "apps", async () => "reloaded", 2)).toBe("after the write");
  });

  it("a failed load is not kept", async () => {
    const database = {};
    await expect(cachedCatalogue(database, "apps", () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    expect(await cachedCatalogue(database, "apps", async () => "up", 1)).toBe("up");
  });
});
