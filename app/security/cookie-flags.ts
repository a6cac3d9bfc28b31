/** A Set-Cookie value with the Secure attribute (added once; an existing one is kept). */
export function withSecureFlag(setCookie: string): string {
  const attributes = setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  return attributes.includes("secure") ? setCookie : `${setCookie}; Secure`;
}
