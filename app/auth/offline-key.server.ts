import { createHmac } from "node:crypto";
import { getConfig } from "~/config.server";
import { sessionMaxAgeSeconds } from "~/auth/session.server";
import { OFFLINE_KEY_COOKIE } from "../pwa/sw-rules";

/** Keys kept per process at most (every signed-in page asks for one; an HMAC each time cost ~0.5 %). */
const MAX_KEPT_KEYS = 5_000;
const kept = { secret: "", keys: new Map<number, string>() };

/** An opaque, stable key of one user for the service worker's per-user cache (not guessable, not the id). */
export function offlineKeyOf(identityId: number, secret = getConfig().SESSION_SECRET): string {
  if (kept.secret !== secret) {
    kept.secret = secret;
    kept.keys.clear();
  }
  let key = kept.keys.get(identityId);
  if (key === undefined) {
    key = createHmac("sha256", secret).update(`offline-cache:${identityId}`).digest("hex").slice(0, 32);
    if (kept.keys.size >= MAX_KEPT_KEYS) kept.keys.clear();
    kept.keys.set(identityId, key);
  }
  return key;
}

/** Sets (or, with null, removes) the cookie telling the service worker whose saved pages it may show (ADR 11). */
export function offlineKeyCookieHeader(key: string | null): string {
  const secure = getConfig().PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `${OFFLINE_KEY_COOKIE}=${key ?? ""}; Path=/; Max-Age=${key ? sessionMaxAgeSeconds() : 0}; SameSite=Lax${secure}`;
}
