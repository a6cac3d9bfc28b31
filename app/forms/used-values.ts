/**
 * The distinct values each list field holds across rows, sorted by locale: what an editor's
 * multiselects offer again. Every field asked for is answered, empty when no row holds a value.
 */
export function usedValues<Field extends string>(
  rows: readonly Record<Field, readonly string[]>[],
  fields: readonly Field[],
): Record<Field, string[]> {
  const used = {} as Record<Field, string[]>;
  for (const field of fields)
    used[field] = [...new Set(rows.flatMap((row) => row[field]))].sort((a, b) => a.localeCompare(b));
  return used;
}
