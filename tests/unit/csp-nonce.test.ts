import { describe, expect, it } from "vitest";
import { cspNonceSource, NONCE_BYTES } from "~/server/csp-nonce";

describe("CSP nonces (issue #12: drawn from a pooled CSPRNG buffer)", () => {
  it("every page gets its own nonce of 16 random bytes, also across the pool's refills", () => {
    const next = cspNonceSource(4);
    const nonces = Array.from({ length: 1_000 }, next);
    expect(new Set(nonces).size).toBe(1_000);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(NONCE_BYTES);
    }
  });

  it("two sources (two worker processes) never share their bytes", () => {
    const first = cspNonceSource();
    const second = cspNonceSource();
    expect(first()).not.toBe(second());
  });
});
