import { createHash, randomBytes } from "node:crypto";

/**
 * An API client's credentials (issue #35 §3): a client id and a secret of 256 random bits, shown
 * once; the portal keeps the secret's SHA-256 only (no slow hash is needed for a value no person chose).
 */
export function newApiClientId(): string {
  return `pc_${randomBytes(18).toString("base64url")}`;
}

export function newApiClientSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The SHA-256 of a secret, hex: what the portal keeps of it. */
export function secretHashOf(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The last characters of a secret, for an administrator to tell two apart. */
export function secretHintOf(secret: string): string {
  return secret.slice(-4);
}

export type ApiClientState = "active" | "expired" | "revoked";

export function apiClientStateOf(client: { expiresAt: Date; revokedAt: Date | null }, now: Date): ApiClientState {
  if (client.revokedAt) return "revoked";
  return client.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/** Whether a secret still opens its client: not retired yet (a rotation's previous one has a date). */
export function secretIsLive(secret: { retiresAt: Date | null }, now: Date): boolean {
  return secret.retiresAt === null || secret.retiresAt.getTime() > now.getTime();
}

/** The shape of the client ids the portal makes; anything else is not an API client's. */
export function isApiClientId(value: string): boolean {
  return /^pc_[A-Za-z0-9_-]{20,40}$/.test(value);
}

/**
 * The client id and secret of an `Authorization: Basic` header (RFC 6749 §2.3.1: each
 * form-urlencoded, then joined by a colon and Base64-encoded), or null when it is not one.
 */
export function basicCredentialsOf(header: string | null | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}
