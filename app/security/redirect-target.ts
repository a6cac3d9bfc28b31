/** Longer targets are refused: no page of the portal needs one, and it bounds header sizes. */
export const MAX_REDIRECT_TARGET_LENGTH = 2048;

const BASE = "http://portal.invalid";
// Browsers drop tabs and newlines inside URLs (so `/\t/evil` becomes `//evil`) and CR/LF split
// headers: no control character or whitespace as given, and no control character once decoded
// (an encoded space in a search stays allowed).
/* eslint-disable no-control-regex -- control characters are exactly what is refused */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\s\u2028\u2029\ufeff]/u;
/* eslint-enable no-control-regex */

/** A percent-encoded value decoded once, or null when an escape does not decode (`%`, `%ff`). */
export function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The one decision on every in-site redirect target (`returnTo`, `from`, list return addresses):
 * resolved against the portal's own origin, it must stay on that origin and hold no control
 * character or whitespace; the answer is the re-serialised path and query. Anything else is the
 * fallback (the root by default).
 */
export function inSiteRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_TARGET_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  const decoded = decodedOnce(value);
  if (decoded === null || UNSAFE_CHARACTER.test(value) || CONTROL_CHARACTER.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = url.pathname + url.search;
  // Dot segments can re-serialise into a scheme-relative address (`/.//evil` → `//evil`).
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

/** The path and query of a request, as a page address: what sign-in returns to (without Remix's `_data`). */
export function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return url.pathname + url.search;
}
