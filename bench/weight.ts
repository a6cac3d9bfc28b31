/**
 * Page weight: gzip of a page's HTML and of every script it loads (`<script src>`, modulepreload,
 * and the modules its inline start script imports once the page has loaded, ADR 44), and their
 * brotli (highest quality, as the build's twins).
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
import { BenchError } from "./processes";
import { assertLoopback, BASE_HEADERS, pathOf } from "./sign-in";

export interface Weight {
  htmlRaw: number;
  htmlGz: number;
  jsRaw: number;
  jsGz: number;
  jsBr: number;
  files: { path: string; gz: number }[];
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=<>"'/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function scriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attributesOf(tag.slice(7, -1)).get("src");
    if (src) urls.add(new URL(src, pageUrl).toString());
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.slice(5, -1));
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (href && rel.includes("modulepreload")) urls.add(new URL(href, pageUrl).toString());
  }
  // The modules an inline script imports (Remix's start script: the route modules, the entry and,
  // since ADR 44, every module of the page).
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi))
    for (const [, module] of body.matchAll(/"(\/assets\/[^"]+\.js)"/g))
      // The inline route manifest names the full manifest's file, which the page never loads.
      if (!module.startsWith("/assets/manifest-")) urls.add(new URL(module, pageUrl).toString());
  return [...urls];
}

/** gzip (zlib default level) of the page's HTML and the summed gzip of each script, each fetched once. */
export async function weigh(pageUrl: string, headers: Record<string, string>, mustContain: string): Promise<Weight> {
  const page = await fetch(pageUrl, { headers: { ...BASE_HEADERS, ...headers }, redirect: "manual" });
  if (page.status !== 200) throw new BenchError(`weight: GET ${pathOf(pageUrl)} answered ${page.status}`);
  const htmlBytes = Buffer.from(await page.arrayBuffer());
  const html = htmlBytes.toString("utf8");
  if (!html.includes(mustContain))
    throw new BenchError(`weight: GET ${pathOf(pageUrl)} does not contain "${mustContain}"`);
  let jsRaw = 0;
  let jsGz = 0;
  let jsBr = 0;
  const files: { path: string; gz: number }[] = [];
  for (const url of scriptUrls(html, pageUrl)) {
    assertLoopback(url);
    const response = await fetch(url, { headers: { "Accept-Language": "en" } });
    if (response.status !== 200) throw new BenchError(`weight: GET ${pathOf(url)} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const gz = gzipSync(bytes).length;
    jsRaw += bytes.length;
    jsGz += gz;
    jsBr += brotliCompressSync(bytes).length;
    files.push({ path: pathOf(url), gz });
  }
  return { htmlRaw: htmlBytes.length, htmlGz: gzipSync(htmlBytes).length, jsRaw, jsGz, jsBr, files };
}
