/** Search and paging helpers shared by the administration lists. */

/** An ILIKE pattern that finds `text` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
}

/** One page of a list from its count and a windowed read (the read's order decides the page). */
export async function pageOf<T>(
  countRows: () => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<T[]>,
  requested: number | undefined,
  pageSize: number,
): Promise<ListPage<T>> {
  // The count and the requested page are read at once (two connections on PostgreSQL); only a
  // page beyond the end, clamped to the last one, is read again.
  const asked = pageWindowOf(Number.MAX_SAFE_INTEGER, pageSize, requested);
  const [total, rows] = await Promise.all([countRows(), readRows(pageSize, asked.offset)]);
  const { page, pageCount, offset } = pageWindowOf(total, pageSize, requested);
  return { rows: offset === asked.offset ? rows : await readRows(pageSize, offset), total, page, pageCount };
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
