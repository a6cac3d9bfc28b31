import type { IdentityClaims } from "./session.server";

/**
 * Reads the claims of an ID token received directly from the token endpoint (OIDC Core
 * 3.1.3.7: TLS server validation may stand in for the signature check) and checks issuer,
 * audience and expiry.
 */
export function readIdTokenClaims(
  idToken: string,
  expected: { issuer: string; clientId: string; now?: number },
): IdentityClaims {
  const parts = idToken.split(".");
  if (parts.length !== 3) throw new Error("ID token is malformed");
  const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as Record<string, unknown>;
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (payload.iss !== expected.issuer) throw new Error("ID token issuer does not match");
  const aud = payload.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.clientId)) throw new Error("ID token audience does not match");
  if (typeof payload.exp !== "number" || payload.exp < now - 60) throw new Error("ID token has expired");
  if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("ID token has no subject");
  return payload as unknown as IdentityClaims;
}
