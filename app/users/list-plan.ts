/**
 * How the users list reads a whole dealer network (issue #37 §4, ADR 42): the rules that choose
 * between walking the sort's index and reading the matches first.
 */

/**
 * A network search whose text the database expects to match at most this many users reads them
 * all and sorts them: walking the sort's index could pass most of the network first when the
 * matches sit together in its order (every "Weber" sorts under W).
 */
export const MATCH_FIRST_ROWS = 60_000;

/** Whether a search term can be narrowed by the trigram index: it holds a run of three letters or digits. */
export function narrowsByTrigrams(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/** Whether a network's search reads its matches first and sorts them, from the database's estimate of its matches. */
export function readsMatchesFirst(term: string, estimatedMatches: number): boolean {
  return narrowsByTrigrams(term) && estimatedMatches <= MATCH_FIRST_ROWS;
}
