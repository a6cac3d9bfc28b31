import { createHmac } from "node:crypto";
import { getConfig } from "~/config.server";

/** An opaque, stable key of one user for the service worker's per-user cache (not guessable, not the id). */
export function offlineKeyOf(identityId: number, secret = getConfig().SESSION_SECRET): string {
  return createHmac("sha256", secret).update(`offline-cache:${identityId}`).digest("hex").slice(0, 32);
}
