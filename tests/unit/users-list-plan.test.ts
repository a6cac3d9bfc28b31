import { describe, expect, it } from "vitest";
import { MATCH_FIRST_ROWS, narrowsByTrigrams, readsMatchesFirst } from "~/users/list-plan";

describe("issue #37 §4 how a network's users search is read (narrowsByTrigrams, readsMatchesFirst)", () => {
  it("a term with a run of three letters or digits can be narrowed by trigrams; a shorter one cannot", () => {
    expect(narrowsByTrigrams("weber")).toBe(true);
    expect(narrowsByTrigrams("0815@")).toBe(true);
    expect(narrowsByTrigrams("garcía")).toBe(true);
    expect(narrowsByTrigrams("김민준")).toBe(true);
    expect(narrowsByTrigrams("xu")).toBe(false);
    expect(narrowsByTrigrams("a.b-c")).toBe(false);
  });

  it("reads the matches first when the database expects few enough of them", () => {
    expect(readsMatchesFirst("weber", 38_000)).toBe(true);
    expect(readsMatchesFirst("weber", MATCH_FIRST_ROWS)).toBe(true);
    expect(readsMatchesFirst("scale.example", 1_000_000)).toBe(false);
  });

  it("walks the sort's index for a term trigrams cannot narrow, however few its matches", () => {
    expect(readsMatchesFirst("xu", 100)).toBe(false);
  });
});
