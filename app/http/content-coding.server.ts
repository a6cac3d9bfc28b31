/** HTTP content codings (issue #38 §2): which compressed form of a file a browser gets. */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = "br" | "gzip";

/**
 * The coding to send a file in, for a request's Accept-Encoding: brotli where the browser takes it, else gzip,
 * else none (the file as it is). A coding refused with q=0 is never sent; `*` stands for the ones
 * not named. Equal weights prefer brotli (it is smaller).
 */
export function encodingToServe(acceptEncoding: string | undefined, available: ReadonlySet<Encoding>): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    // A weight that is not a number in 0…1 is read as a refusal.
    const weight = q === undefined ? 1 : /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(q) ? Number(q.slice(2)) : 0;
    weights.set(name, weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const choices = (["br", "gzip"] as const).filter((encoding) => available.has(encoding) && weightOf(encoding) > 0);
  if (choices.length === 0) return null;
  return choices.reduce((best, next) => (weightOf(next) > weightOf(best) ? next : best));
}

const BOTH: ReadonlySet<Encoding> = new Set(["br", "gzip"]);

/**
 * A body compressed once per coding at the highest level (brotli 11, gzip 9) and kept: for files
 * made at start-up and fetched by every browser once (the translations), not for pages.
 */
export function compressedOnce(
  body: string,
): (acceptEncoding: string | undefined) => Promise<{ encoding: Encoding | null; body: string | Buffer }> {
  const made = new Map<Encoding, Promise<Buffer>>();
  const compress = (encoding: Encoding) =>
    encoding === "br"
      ? brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
          },
        })
      : gzipped(body, { level: 9 });
  return async (acceptEncoding) => {
    const encoding = encodingToServe(acceptEncoding, BOTH);
    if (!encoding) return { encoding: null, body };
    let compressed = made.get(encoding);
    if (!compressed) {
      compressed = compress(encoding);
      made.set(encoding, compressed);
      // A failure is not kept: the next request tries again.
      compressed.catch(() => made.delete(encoding));
    }
    return { encoding, body: await compressed };
  };
}
