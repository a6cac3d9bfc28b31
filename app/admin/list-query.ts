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
