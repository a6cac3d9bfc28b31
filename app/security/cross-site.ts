const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request is a cross-site write to refuse: any non-GET request whose Sec-Fetch-Site
 * says cross-site, whose Origin is not one of the portal's configured public origins (never
 * compared with the request's own Host, which the caller controls), or — without an Origin —
 * whose Referer is from another origin. A write with neither header comes from no browser page.
 */
export function isCrossSiteWrite(input: {
  method: string;
  secFetchSite?: string | null;
  origin?: string | null;
  referer?: string | null;
  allowedOrigins: readonly string[];
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.secFetchSite === "cross-site") return true;
  if (input.origin) return input.origin === "null" || !input.allowedOrigins.includes(input.origin);
  if (input.referer) {
    const from = originOf(input.referer);
    return from === null || !input.allowedOrigins.includes(from);
  }
  return false;
}

/**
 * Whether a write's Origin names the host the request was sent to (the first X-Forwarded-Host, else
 * Host) — the check Remix makes before any action, which throws (a 500) when it fails; the portal
 * refuses such a write first, with a 403. A write without an Origin is left to isCrossSiteWrite.
 */
export function originMatchesHost(input: {
  method: string;
  origin?: string | null;
  host?: string | null;
  forwardedHost?: string | null;
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || !input.origin || input.origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(input.origin).host;
  } catch {
    return false;
  }
  const host = input.forwardedHost?.split(",")[0]?.trim() || input.host;
  return Boolean(host) && originHost === host;
}
