import { describe, expect, it } from "vitest";
import {
  MATCH_FIRST_ROWS,
  CLUSTERED_MATCH_FIRST_ROWS,
  CLUSTERED_SHARE,
  WALKED_ROW_COST,
  readsMatchesFirst,
} from "~/users/list-plan";
import { narrowsByTrigrams } from "~/lists/list-query";

describe("issue #37 §4 how a network's users search is read (narrowsByTrigrams, readsMatchesFirst)", () => {
  it("a term with a run of three letters or digits can be narrowed by trigrams; a shorter one cannot", () => {
    expect(narrowsByTrigrams("weber")).toBe(true);
    expect(narrowsByTrigrams("0815@")).toBe(true);
    expect(narrowsByTrigrams("garcía")).toBe(true);
    expect(narrowsByTrigrams("김민준")).toBe(true);
    expect(narrowsByTrigrams("xu")).toBe(false);
    expect(narrowsByTrigrams("a.b-c")).toBe(false);
  });

  const network = { users: 1_000_000, sortKeyPrefixMatches: 0 };

  it("reads the matches first when the database expects few of them", () => {
    expect(readsMatchesFirst("weber", { ...network, textMatches: 1_500, matches: 1_500 }, 10)).toBe(true);
    expect(readsMatchesFirst("weber", { ...network, textMatches: MATCH_FIRST_ROWS, matches: 20 }, 10)).toBe(true);
  });

  it("walks the sort's index when the filters' matches are dense enough to fill the page soon", () => {
    // 38 000 "weber"s, 35 000 of them active: the first page is 10 rows in about 300 walked.
    expect(readsMatchesFirst("weber", { ...network, textMatches: 38_000, matches: 35_000 }, 10)).toBe(false);
    expect(readsMatchesFirst("scale.example", { ...network, textMatches: 1_000_000, matches: 1_000_000 }, 10)).toBe(
      false,
    );
  });

  it("reads the matches first when the walk would pass more rows (weighed) than the text matches", () => {
    // 38 000 "sven"s and none of them an administrator: the walk would pass the whole network.
    expect(readsMatchesFirst("sven", { ...network, textMatches: 38_000, matches: 1 }, 10)).toBe(true);
    // 760 of them administrators: ten rows are about 13 000 walked, fewer than 38 000 read.
    expect(readsMatchesFirst("sven", { ...network, textMatches: 38_000, matches: 760 }, 10)).toBe(
      38_000 <= WALKED_ROW_COST * 13_158,
    );
    // A later page walks further.
    expect(readsMatchesFirst("sven", { ...network, textMatches: 38_000, matches: 760 }, 300)).toBe(true);
  });

  it("reads the matches first when they cluster in the sort's order (most begin its first key), up to many", () => {
    // Sorted by name, 38 000 "weber"s whose last names begin with it: all under W.
    const weber = { ...network, textMatches: 38_000, matches: 35_000, sortKeyPrefixMatches: 37_000 };
    expect(readsMatchesFirst("weber", weber, 10)).toBe(true);
    expect(readsMatchesFirst("weber", { ...weber, sortKeyPrefixMatches: 38_000 * CLUSTERED_SHARE }, 10)).toBe(true);
    // "osaka" inside location names: scattered, the walk finds ten soon.
    expect(readsMatchesFirst("osaka", { ...weber, sortKeyPrefixMatches: 9_000 }, 10)).toBe(false);
    const everyone = {
      ...network,
      textMatches: CLUSTERED_MATCH_FIRST_ROWS + 1,
      matches: 900_000,
      sortKeyPrefixMatches: 900_000,
    };
    expect(readsMatchesFirst("user", everyone, 10)).toBe(false);
  });

  it("walks the sort's index for a term trigrams cannot narrow, however few its matches", () => {
    expect(readsMatchesFirst("xu", { ...network, textMatches: 100, matches: 1 }, 10)).toBe(false);
  });
});
