import { describe, expect, it } from "vitest";
import type { Executor } from "~/db/client.server";
import {
  cachedCatalogue,
  currentCatalogueOrLastLoaded,
  invalidateCatalogue,
} from "~/server-context/catalogue-cache.server";

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

describe("SPEC §8 applications fetch failure: logged; the list stays as it was", () => {
  /** A database whose catalogue version row reads `version` (what a write elsewhere would bump). */
  function databaseAt(state: { version: number }): Executor {
    return { select: () => ({ from: async () => [{ name: "apps", version: state.version }] }) } as unknown as Executor;
  }

  it("a failed load gives the last catalogue this process loaded, and the failure is reported", async () => {
    const state = { version: 1 };
    const database = databaseAt(state);
    const failures: unknown[] = [];
    const report = (error: unknown) => failures.push(error);
    expect(await currentCatalogueOrLastLoaded(database, "apps", async () => ["Parts"], [], report)).toEqual(["Parts"]);
    state.version = 2;
    const broken = async (): Promise<string[]> => {
      throw new Error("connection lost");
    };
    expect(await currentCatalogueOrLastLoaded(database, "apps", broken, [], report)).toEqual(["Parts"]);
    expect(failures).toHaveLength(1);
    // Once the database answers again, the new version loads.
    expect(await currentCatalogueOrLastLoaded(database, "apps", async () => ["Parts", "Sales"], [], report)).toEqual([
      "Parts",
      "Sales",
    ]);
  });

  it("with nothing loaded yet, a failure gives the fallback (an empty launcher), not an error page", async () => {
    const failures: unknown[] = [];
    const result = await currentCatalogueOrLastLoaded(
      databaseAt({ version: 1 }),
      "apps",
      async () => {
        throw new Error("relation does not exist");
      },
      [] as string[],
      (error) => failures.push(error),
    );
    expect(result).toEqual([]);
    expect(failures).toHaveLength(1);
  });
});
