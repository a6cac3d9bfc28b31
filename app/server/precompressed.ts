/**
 * The client build's files compressed once at build time (issue #38 §2): brotli at its highest
 * quality and gzip as the fallback, served as they are instead of compressing on every request.
 * Only the hashed files have twins: a name that is its content's hash can never pair a file with a
 * stale twin. `npm run build` writes them (scripts/precompress.ts); the server serves them (below).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { encodingToServe, type Encoding } from "~/http/content-coding.server";

/** The file name endings of an encoding's twin. */
export const TWIN_EXTENSION: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Worth compressing: text the browser fetches (images in PNG are compressed already). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|webmanifest|txt|html|map)$/i;
/** Below this a compressed file saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Whether the build step compresses this file (by name and size). */
export function isWorthCompressing(fileName: string, bytes: number): boolean {
  return COMPRESSIBLE.test(fileName) && bytes >= MIN_BYTES;
}

/** The files under `dir` (paths relative to it, with "/") that have twins, and which. */
export function twinsIn(dir: string): Map<string, Set<Encoding>> {
  const twins = new Map<string, Set<Encoding>>();
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      for (const [encoding, extension] of Object.entries(TWIN_EXTENSION) as [Encoding, string][]) {
        if (!entry.name.endsWith(extension)) continue;
        const original = "/" + path.relative(dir, file.slice(0, -extension.length)).split(path.sep).join("/");
        const set = twins.get(original) ?? new Set<Encoding>();
        set.add(encoding);
        twins.set(original, set);
      }
    }
  };
  walk(dir);
  return twins;
}

/**
 * Serves a file's precompressed twin, with the original's type, `Content-Encoding` and
 * `Vary: Accept-Encoding` (a cache must not hand brotli to a browser that did not ask for it).
 * A file without twins, or a browser that takes neither, goes on to the plain static files.
 */
export function servePrecompressed(dir: string, cache: { maxAge: number; immutable: boolean }) {
  const twins = twinsIn(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = twins.get(req.path);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = encodingToServe(req.headers["accept-encoding"], available);
    if (!encoding) return next();
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(
      path.join(dir, req.path + TWIN_EXTENSION[encoding]),
      { ...cache, dotfiles: "deny", etag: false, lastModified: false, acceptRanges: false },
      (error) => {
        if (error && !res.headersSent) {
          res.removeHeader("Content-Encoding");
          next();
        }
      },
    );
  };
}

const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * The build's hashed files (`/assets`), served ahead of the pages' middleware with only the
 * headers a script, stylesheet or image needs (issue #38 §2): the pages' policies (CSP, framing,
 * referrer) are the document's, and on a slow link the kilobyte of them on each of a page's
 * twenty-odd files counted. No validators either: an immutable file is never revalidated.
 */
export function serveHashedAssets(dir: string, options: { hsts: boolean }) {
  const twins = servePrecompressed(dir, { maxAge: YEAR_MS, immutable: true });
  const files = express.static(dir, {
    immutable: true,
    maxAge: YEAR_MS,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    index: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    twins(req, res, (error?: unknown) => (error ? next(error) : files(req, res, next)));
  };
}
