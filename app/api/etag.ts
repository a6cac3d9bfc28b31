/*
 * A record's edit stamp over HTTP (issue #35 §5): its `updatedAt` answered as the ETag of a single
 * record, and taken back from If-Match as the stamp a write was read with (a body's own
 * `updatedAt` wins). A stale one is the 409 it always was.
 */

/** The ETag of a record with an edit stamp; undefined for one without. */
export function etagOf(record: unknown): string | undefined {
  if (!record || typeof record !== "object" || !("updatedAt" in record)) return undefined;
  const stamp = (record as { updatedAt: unknown }).updatedAt;
  const text = stamp instanceof Date ? stamp.toISOString() : stamp;
  return typeof text === "string" && text ? `"${text}"` : undefined;
}

/** The stamp an If-Match header names: its first entity tag, weak or strong; none for `*` or nothing. */
export function stampOfIfMatch(header: string | null | undefined): string | undefined {
  const first = header?.split(",")[0]?.trim();
  if (!first || first === "*") return undefined;
  const tag = first.replace(/^W\//, "");
  const stamp = tag.startsWith('"') && tag.endsWith('"') && tag.length >= 2 ? tag.slice(1, -1) : tag;
  return stamp || undefined;
}

/** A write's body with the If-Match stamp as its `updatedAt`, when the body names none. */
export function withIfMatch(body: unknown, header: string | null | undefined): unknown {
  const stamp = stampOfIfMatch(header);
  if (!stamp || !body || typeof body !== "object" || Array.isArray(body) || "updatedAt" in body) return body;
  return { ...body, updatedAt: stamp };
}

/** The headers of an answer carrying one record: its ETag. */
export function recordHeaders(record: unknown): Record<string, string> {
  const etag = etagOf(record);
  return etag ? { ETag: etag } : {};
}
