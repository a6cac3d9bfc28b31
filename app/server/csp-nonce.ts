import { randomBytes } from "node:crypto";

/** Bytes of randomness in a page's CSP nonce (128 bits, given as base64). */
export const NONCE_BYTES = 16;

/**
 * A source of CSP nonces, one per page. The bytes come from the system's CSPRNG in batches: one
 * call per `batch` pages instead of one each (issue #12: 1 % of a page's server time). Each
 * nonce's bytes are handed out once.
 */
export function cspNonceSource(batch = 256): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + NONCE_BYTES > pool.length) {
      pool = randomBytes(NONCE_BYTES * batch);
      offset = 0;
    }
    const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}
