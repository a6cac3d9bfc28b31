const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request is a cross-site write to refuse (issue #2 §7): any non-GET request whose
 * Sec-Fetch-Site says cross-site, or whose Origin is not one of ours.
 */
export function isCrossSiteWrite(input: {
  method: string;
  secFetchSite?: string | null;
  origin?: string | null;
  allowedOrigins: readonly string[];
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.secFetchSite === "cross-site") return true;
  if (input.origin && input.origin !== "null") return !input.allowedOrigins.includes(input.origin);
  if (input.origin === "null") return true;
  return false;
}
