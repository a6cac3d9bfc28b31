/**
 * How the users list reads a whole dealer network (issue #37 §4, ADR 42): the rules that choose
 * between walking the sort's index and reading the matches first.
 */

import { narrowsByTrigrams } from "~/lists/list-query";

/**
 * A network search whose text the database expects to match at most this many users reads them
 * all and sorts them: walking the sort's index could pass most of the network first when the
 * matches sit together in its order (every "Weber" sorts under W). Reading matches costs about a
 * page of the table each once they are scattered (10 000 ≈ 50–100 ms on the bench machine).
 */
export const MATCH_FIRST_ROWS = 10_000;

/**
 * What a row the walk passes costs against a row read through the trigram index. Measured alike
 * at a million users: each is a table page once the matches are scattered (a first name's 38 000
 * read first took 300–400 ms; walking to ten of its 760 administrators, 250 ms).
 */
export const WALKED_ROW_COST = 1;

/**
 * Up to this many text matches, a search whose matches mostly begin their sort's first key (a
 * last name sorted by name, an e-mail sorted by e-mail) reads its matches first whatever the
 * filters: they sit together in that order (every "Weber" under W), and a walk that misses them
 * passes most of the network (1.8 s at a million users, against 60–300 ms for 38 000 matches read
 * and sorted). An infix match ("osaka" in "Dealer 0042 – Osaka") lies scattered: the walk finds it.
 */
export const CLUSTERED_MATCH_FIRST_ROWS = 100_000;

/** Matches cluster in the sort's order when at least this share of them begin its first key. */
export const CLUSTERED_SHARE = 0.25;

/** The database's estimates for a network search (its planner's, no rows read). */
export interface SearchEstimate {
  /** Users whose text matches. */
  textMatches: number;
  /** Users whose text and every other filter match. */
  matches: number;
  /** Users in the table. */
  users: number;
  /** Users whose sort's first key begins with the text (0 when the sort is not by a text the search reads). */
  sortKeyPrefixMatches: number;
}

/**
 * Whether a network's search reads its text's matches first and sorts them, rather than walking
 * the sort's index until the page is full: when they are few, when they cluster in the sort's
 * order, or when they are fewer than the rows the walk would pass to fill the page (`rowsWanted`: the page's
 * end) at the filters' rate, weighed.
 */
export function readsMatchesFirst(term: string, estimate: SearchEstimate, rowsWanted: number): boolean {
  if (!narrowsByTrigrams(term)) return false;
  if (estimate.textMatches <= MATCH_FIRST_ROWS) return true;
  const clustered = estimate.sortKeyPrefixMatches >= CLUSTERED_SHARE * estimate.textMatches;
  if (clustered && estimate.textMatches <= CLUSTERED_MATCH_FIRST_ROWS) return true;
  const walked = (rowsWanted * estimate.users) / Math.max(estimate.matches, 1);
  return estimate.textMatches <= WALKED_ROW_COST * walked;
}
