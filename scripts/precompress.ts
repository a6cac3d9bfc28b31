/**
 * `npm run build`'s last step (issue #38 §2): writes a brotli (highest quality) and a gzip twin
 * beside every hashed text file of the client build that is worth it, so the server sends them as they
 * are. A twin that would not be smaller is not written.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isWorthCompressing, TWIN_EXTENSION } from "../app/server/precompressed";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesIn(path.join(folder, entry.name)) : Promise.resolve([path.join(folder, entry.name)]),
    ),
  );
  return nested.flat();
}

async function compress(file: string): Promise<number> {
  const body = await readFile(file);
  const twins = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).then((data) => ({ data, extension: TWIN_EXTENSION.br })),
    gzipped(body, { level: 9 }).then((data) => ({ data, extension: TWIN_EXTENSION.gzip })),
  ]);
  let written = 0;
  for (const { data, extension } of twins)
    if (data.length < body.length) {
      await writeFile(file + extension, data);
      written++;
    }
  return written;
}

// The hashed files only (see app/server/precompressed.ts).
const root = path.resolve(process.argv[2] ?? "build/client/assets");
const started = performance.now();
const files = [];
for (const file of await filesIn(root)) {
  if (/\.(?:br|gz)$/.test(file)) continue;
  if (isWorthCompressing(file, (await stat(file)).size)) files.push(file);
}
let twins = 0;
// A few at a time: brotli's highest quality is CPU-bound.
for (let i = 0; i < files.length; i += 8)
  twins += (await Promise.all(files.slice(i, i + 8).map(compress))).reduce((a, b) => a + b, 0);
console.log(
  `precompressed ${files.length} files of ${path.relative(process.cwd(), root)} (${twins} twins) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
