/** Search and paging helpers shared by the administration lists. */
import { PAGE_BUTTONS } from "~/limits";

/** `text` with LIKE's own characters (%, _ and \) taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern that finds `text` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** A LIKE pattern for what begins with `text`, taken literally. */
export function prefixPattern(text: string): string {
  return `${likeLiteral(text)}%`;
}

/** A term the trigram index can narrow: it holds a run of three letters or digits. */
export function narrowsByTrigrams(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/** The page to show and the page count, for a total and a page size (pages start at 1). */
export function pageWindowOf(total: number, pageSize: number, requested: number | undefined) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested ?? 1) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/** A page of a list: its rows, the total, and the page shown (clamped into the list). */
export interface ListPage<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
  /** The counting stopped: there are more rows than `total` (a capped count, ADR 42). */
  totalCapped?: boolean;
}

/**
 * How many rows a capped count looks for: the cap, or far enough past the requested page for the
 * pager's buttons after it; one more tells that there are more.
 */
export function countLimitOf(offset: number, pageSize: number, cap: number): number {
  return Math.max(cap, offset + pageSize * PAGE_BUTTONS) + 1;
}

/** The total a capped count shows: what it found, or one less than its limit and "more" when it reached it. */
export function cappedTotalOf(counted: number, limit: number): { total: number; totalCapped: boolean } {
  return counted >= limit ? { total: limit - 1, totalCapped: true } : { total: counted, totalCapped: false };
}

/**
 * One page of a list from its count and a windowed read (the read's order decides the page). With
 * a `countCap` the count is asked for at most `countLimitOf(…)` rows (it may stop there).
 */
export async function pageOf<T>(
  countRows: (limit?: number) => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<T[]>,
  requested: number | undefined,
  pageSize: number,
  countCap?: number,
): Promise<ListPage<T>> {
  // The count and the requested page are read at once (two connections on PostgreSQL); only a
  // page beyond the end, clamped to the last one, is read again.
  const asked = pageWindowOf(Number.MAX_SAFE_INTEGER, pageSize, requested);
  const limit = countCap === undefined ? undefined : countLimitOf(asked.offset, pageSize, countCap);
  const [counted, rows] = await Promise.all([countRows(limit), readRows(pageSize, asked.offset)]);
  const { total, totalCapped } =
    limit === undefined ? { total: counted, totalCapped: false } : cappedTotalOf(counted, limit);
  const { page, pageCount, offset } = pageWindowOf(total, pageSize, requested);
  const pageRows = offset === asked.offset ? rows : await readRows(pageSize, offset);
  return { rows: pageRows, total, page, pageCount, ...(totalCapped ? { totalCapped } : {}) };
}

/** Every row of a list, read in batches in the list's order (an export never holds the whole list in memory). */
export async function* everyRow<T>(
  readRows: (limit: number, offset: number) => Promise<T[]>,
  batchSize = 500,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await readRows(batchSize, offset);
    yield* batch;
    if (batch.length < batchSize) return;
  }
}
