/** A document id from a URL or form value: a positive 32-bit integer (the column's range), else null. */
export function documentIdOf(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
