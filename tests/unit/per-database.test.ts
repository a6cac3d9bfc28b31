import { describe, expect, it } from "vitest";
import { perDatabase } from "~/server-context/per-database.server";

describe("perDatabase", () => {
  it("makes one value per database object, on first use, and never hands one database's value to another", () => {
    let made = 0;
    const mapOf = perDatabase(() => {
      made += 1;
      return new Map<string, number>();
    });
    const pglite = {};
    const postgres = {};
    expect(made).toBe(0);
    mapOf(pglite).set("a", 1);
    expect(mapOf(pglite).get("a")).toBe(1);
    expect(made).toBe(1);
    expect(mapOf(postgres).has("a")).toBe(false);
    expect(made).toBe(2);
  });
});
