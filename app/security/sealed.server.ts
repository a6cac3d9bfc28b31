import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { getConfig } from "~/config.server";

/** A key of its own per purpose, from the server's secret: what one purpose seals, another cannot open. */
function keyFor(purpose: string): Buffer {
  return createHash("sha256").update(`${getConfig().SESSION_SECRET}\u0000${purpose}`).digest();
}

/** Seals a text for keeping at rest (AES-256-GCM): nonce, tag and ciphertext, base64url, dot-separated. */
export function seal(text: string, purpose: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), nonce);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [nonce, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** Opens what `seal` sealed for the same purpose; null when it was not, or was altered. */
export function unseal(sealed: string, purpose: string): string | null {
  const [nonce, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!nonce || !tag || !body || nonce.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), nonce);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
