import { describe, expect, it } from "vitest";
import { cachedCatalogue, invalidateCatalogue } from "~/server-context/catalogue-cache.server";

describe("ADR 14 catalogue cache: a copy serves only its own version", () => {
  it("serves the kept copy while the version is the same; loads again when it changed", async () => {
    const database = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedCatalogue(database, "apps", 0, load)).toBe(1);
    expect(await cachedCatalogue(database, "apps", 0, load)).toBe(1);
    expect(await cachedCatalogue(database, "apps", 1, load)).toBe(2);
    expect(await cachedCatalogue(database, "apps", 1, load)).toBe(2);
  });

  it("concurrent callers share one load; each database has its own copies", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const a = {};
    const [x, y] = await Promise.all([cachedCatalogue(a, "apps", 3, load), cachedCatalogue(a, "apps", 3, load)]);
    expect([x, y]).toEqual([1, 1]);
    expect(await cachedCatalogue({}, "apps", 3, load)).toBe(2);
  });

  it("this process's own write drops its copy at once, even before the version is read again", async () => {
    const database = {};
    let loads = 0;
    const load = async () => ++loads;
    await cachedCatalogue(database, "apps", 5, load);
    invalidateCatalogue(database, "apps");
    expect(await cachedCatalogue(database, "apps", 5, load)).toBe(2);
  });

  it("a load still running when a write drops the copy is not kept", async () => {
    const database = {};
    let release!: (v: string) => void;
    const slow = cachedCatalogue(database, "apps", 0, () => new Promise<string>((r) => (release = r)));
    invalidateCatalogue(database, "apps");
    const after = cachedCatalogue(database, "apps", 1, async () => "after the write");
    release("before the write");
    expect(await slow).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cachedCatalogue(database, "apps", 1, async () => "reloaded")).toBe("after the write");
  });

  it("a load that is only thenable (a query builder runs on every await) runs once", async () => {
    const database = {};
    let runs = 0;
    const query = { then: (resolve: (v: number) => void) => resolve(++runs) } as PromiseLike<number>;
    expect(await cachedCatalogue(database, "apps", 0, () => query)).toBe(1);
    expect(await cachedCatalogue(database, "apps", 0, () => query)).toBe(1);
    expect(runs).toBe(1);
  });

  it("a failed load is not kept", async () => {
    const database = {};
    await expect(cachedCatalogue(database, "apps", 0, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedCatalogue(database, "apps", 0, async () => "up")).toBe("up");
  });
});
