import { decodedOnce } from "./redirect-target";

/** Methods the portal answers; anything else (TRACE, CONNECT, PROPFIND …) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface RequestProblem {
  status: 400 | 405 | 415;
  /** Translation key of the message shown to the caller. */
  key: string;
}

/** A form post's body type: URL-encoded, or multipart with its boundary. */
export function isFormBodyType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(";").map((part) => part.trim());
  const mediaType = type.toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") return true;
  if (mediaType !== "multipart/form-data") return false;
  return params.some((param) => /^boundary=("[^"]+"|[^\s"]+)$/i.test(param));
}

/**
 * What is wrong with a request before any route sees it, or null: an unknown method (405), an
 * address that does not decode or carries a NUL (400; PostgreSQL refuses NUL in text), a write to
 * a page whose body is not a form (415). The JSON API and the identity provider read their own
 * body types and are checked there.
 */
export function requestShapeProblem(input: {
  method: string;
  url: string;
  contentType?: string | null;
}): RequestProblem | null {
  const method = input.method.toUpperCase();
  if (!(ALLOWED_METHODS as readonly string[]).includes(method))
    return { status: 405, key: "refusals.methodNotAllowed" };
  const queryAt = input.url.indexOf("?");
  const path = queryAt === -1 ? input.url : input.url.slice(0, queryAt);
  if (decodedOnce(path) === null) return { status: 400, key: "refusals.badAddress" };
  if (/%00/i.test(input.url) || input.url.includes("\u0000")) return { status: 400, key: "refusals.badAddress" };
  if (WRITE_METHODS.has(method) && !ownsBodyType(path) && !isFormBodyType(input.contentType)) {
    return { status: 415, key: "refusals.notAForm" };
  }
  return null;
}

/** Paths that read their own body types: the JSON API, the SCIM service and the embedded identity provider. */
function ownsBodyType(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.startsWith("/api/") || lower.startsWith("/scim/") || lower === "/oidc" || lower.startsWith("/oidc/");
}
