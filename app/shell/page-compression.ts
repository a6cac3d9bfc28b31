/**
 * Pages are compressed in one piece (issue #12, ADR 27): a streaming gzip per response costs more
 * than the page's whole render on a small page, one `gzipSync` a few hundredths of a millisecond.
 */

/**
 * What React's `pipe` writes the page into, kept in memory until its end: the page leaves in one
 * piece, so the machinery of a Node stream (a PassThrough's buffering and events) would only cost.
 * React asks no more of its destination than `write`, `end` and `on`.
 */
export function pageCollector(onEnd: (page: Buffer) => void): NodeJS.WritableStream {
  const chunks: Uint8Array[] = [];
  let ended = false;
  const collector = {
    write(chunk: Uint8Array | string) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      if (ended) return collector;
      ended = true;
      onEnd(Buffer.concat(chunks));
      return collector;
    },
    // Drain, error and close never come: writes are always taken at once.
    on() {
      return collector;
    },
  };
  return collector as unknown as NodeJS.WritableStream;
}

/** Below this a page goes as it is: the gzip header would eat the gain. */
export const COMPRESS_PAGES_FROM_BYTES = 1024;

/**
 * Whether a request's Accept-Encoding takes gzip: named (or `*`) with a quality above zero, an
 * explicit `gzip;q=0` refusing it even when `*` is allowed.
 */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality)) continue;
    if (name.trim() === "gzip") gzip = quality;
    else if (name.trim() === "*") any = quality;
  }
  return (gzip ?? any ?? 0) > 0;
}

/** Whether a rendered page of this size is sent gzip-compressed to a client with this Accept-Encoding. */
export function compressPage(acceptEncoding: string | null | undefined, bytes: number): boolean {
  return bytes >= COMPRESS_PAGES_FROM_BYTES && acceptsGzip(acceptEncoding);
}
