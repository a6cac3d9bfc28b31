/**
 * Writes the installable app's icons (issue #6 §1) for the five brands into public/icons:
 * 192 and 512 px, and a 512 px maskable one whose mark stays inside the 80 % safe zone.
 * A launcher mark (four rounded tiles) in the brand's accent on its top-bar colour.
 * Run: npx tsx scripts/generate-pwa-icons.ts (the PNGs are committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { BRAND_APP, ICON_SIZES, iconPath } from "../app/pwa/brand-app";
import { BRAND_IDS } from "../app/theme/theme";

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `size` px from a pixel function. */
function png(size: number, pixel: (x: number, y: number) => number[]): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Four rounded tiles filling `extent` (a share of the icon) around the centre. */
function launcherMark(size: number, extent: number, background: number[], accent: number[]) {
  const box = size * extent;
  const origin = (size - box) / 2;
  const gap = box * 0.12;
  const tile = (box - gap) / 2;
  const radius = tile * 0.22;
  return (x: number, y: number) => {
    const px = x + 0.5 - origin;
    const py = y + 0.5 - origin;
    if (px < 0 || py < 0 || px > box || py > box) return background;
    const inTile = (v: number) => (v <= tile ? v : v >= tile + gap ? v - tile - gap : -1);
    const tx = inTile(px);
    const ty = inTile(py);
    if (tx < 0 || ty < 0) return background;
    const dx = Math.max(radius - tx, 0, tx - (tile - radius));
    const dy = Math.max(radius - ty, 0, ty - (tile - radius));
    return dx * dx + dy * dy <= radius * radius ? accent : background;
  };
}

const out = path.resolve("public");
mkdirSync(path.join(out, "icons"), { recursive: true });
for (const brandId of BRAND_IDS) {
  const app = BRAND_APP[brandId];
  const background = rgb(app.themeColor);
  const accent = rgb(app.accent);
  for (const size of ICON_SIZES)
    writeFileSync(path.join(out, iconPath(brandId, size)), png(size, launcherMark(size, 0.62, background, accent)));
  // Maskable: the mark within the central 80 % circle (its box's diagonal ≤ 0.8 of the size).
  writeFileSync(path.join(out, iconPath(brandId, 512, true)), png(512, launcherMark(512, 0.5, background, accent)));
}
console.log("icons written to public/icons");
